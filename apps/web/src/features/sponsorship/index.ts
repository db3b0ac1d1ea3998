/** What other features use from sponsorship: they import it from here, never its files. */

export { sponsorshipApi, useInvitationByToken, useRelationships, useRespond } from './api.ts';
export { SponsorshipTab } from './SponsorshipTab.tsx';
