/** What other features use from sponsorship: they import it from here, never its files. */

export { useInvitationByToken, useRespond } from './api.ts';
export { SponsorshipTab } from './SponsorshipTab.tsx';
