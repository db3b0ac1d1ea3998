export { fetchContentFile } from './api.ts';
export { CONTENT_LOAD_FAILED, ContentBody, ContentTitle } from './ContentBody.tsx';
export { ContentDialog } from './ContentDialog.tsx';
export { CONTENT_TAGS_NOT_FOUND, type ContentSection, cutSection } from './cutSection.ts';
export { useContentHelp } from './useContentHelp.tsx';
export { useContentSection } from './useContentSection.ts';
