/** What other features use from sessions: they import it from here, never its files. */
export { SessionsSection } from './SessionsSection.tsx';
