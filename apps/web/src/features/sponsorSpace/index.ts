/** What other features use from the sponsor space: they import it from here, never its files. */
export { MySponseesLink } from './MySponseesLink.tsx';
export { REACH_OUT_TEXT, reachOutToSponsor, SpaceNotReadyError, useMySponsors } from './reachOut.ts';
export { SharedWithSponsor } from './SharedWithSponsor.tsx';
export {
  refreshSharedItemAfterChange,
  refreshSharedItems,
  syncSharedItemAfterSave,
} from './syncSharedItem.ts';
