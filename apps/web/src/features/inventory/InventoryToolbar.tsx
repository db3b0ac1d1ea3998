import { Button } from '../../ui/Button.tsx';
import { CsvTools } from './CsvTools.tsx';
import type { WholeInventoryToolProps } from './earlierVersions.ts';
import styles from './inventory.module.css';

/** The tools above an inventory: Download and Upload (CSV), and Start Over. */
export function InventoryToolbar({
  tools,
  onStartOver,
}: {
  tools: WholeInventoryToolProps;
  /** Asks first, then deletes every entry of the inventory. */
  onStartOver: () => Promise<void>;
}) {
  return (
    <div className={styles.toolbar}>
      <CsvTools {...tools} />
      <Button
        variant="danger"
        size="sm"
        onClick={() => void onStartOver()}
        disabled={tools.disabled || tools.entries.length === 0}
      >
        Start Over
      </Button>
    </div>
  );
}
