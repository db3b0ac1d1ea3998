import { useContentHelp } from '../content/index.ts';
import styles from './inventory.module.css';

export const INVENTORY_CONTENT = 'inventories';

/** A '?' button opening a help section of public/content/inventories.md. */
export function HelpButton({ tag, label }: { tag: string; label: string }) {
  const showHelp = useContentHelp();
  return (
    <button
      type="button"
      className={styles.helpButton}
      aria-label={`Help: ${label}`}
      onClick={() => void showHelp(INVENTORY_CONTENT, tag)}
    >
      ?
    </button>
  );
}
