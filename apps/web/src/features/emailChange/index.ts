/** What other features use from emailChange: they import it from here, never its files. */
export { ChangeEmailSection } from './ChangeEmailSection.tsx';
