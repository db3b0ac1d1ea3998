import { useEffect } from 'react';

const APP_NAME = 'SAM';

/** "Step 1 | SAM"; the home page is just "SAM". */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
