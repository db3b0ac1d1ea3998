import { useEffect, useState } from 'react';
import {
  NEUTRAL_TITLE,
  NEUTRAL_TITLE_CHANGED,
  neutralTitleChosen,
} from '../features/sharedDevice/neutralTitle.ts';

const APP_NAME = 'SAM';

/** "Step 1 | SAM"; the home page is just "SAM"; "Notes" everywhere when this device asks for a neutral title. */
export function useDocumentTitle(title?: string): void {
  const [neutral, setNeutral] = useState(neutralTitleChosen);
  useEffect(() => {
    const update = () => setNeutral(neutralTitleChosen());
    window.addEventListener(NEUTRAL_TITLE_CHANGED, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(NEUTRAL_TITLE_CHANGED, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  useEffect(() => {
    document.title = neutral ? NEUTRAL_TITLE : title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title, neutral]);
}
