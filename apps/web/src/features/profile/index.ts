/** What other features use from profile: they import it from here, never its files. */

export { profileApi } from './api.ts';
export type { HeadingLevel } from './Heading.tsx';
export { SectionHeading } from './Heading.tsx';
export { profileTabPath } from './paths.ts';
