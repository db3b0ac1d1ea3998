/** What other features use from recovery: they import it from here, never its files. */

export { keptAsideApi } from './api.ts';
export { EarlierWritingSection } from './EarlierWritingSection.tsx';
export { LockedWritingPanel } from './LockedWritingPanel.tsx';
export { slotOf, slotPlace } from './places.ts';
