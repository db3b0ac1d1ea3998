/** What other features use from recoveryCode: they import it from here, never its files. */
export { RecoveryCodeCard } from './RecoveryCodeCard.tsx';
export { RecoveryCodeSection } from './RecoveryCodeSection.tsx';
