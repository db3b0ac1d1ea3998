/** What other features use from the circles: they import it from here, never its files. */
export { circlesApi } from './api.ts';
export { loadCirclesForSponsor } from './sponsorContent.ts';
