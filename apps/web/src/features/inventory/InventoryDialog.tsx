import * as Tabs from '@radix-ui/react-tabs';
import { INVENTORY_LABELS, INVENTORY_TYPES, type InventoryType, inventoryStatusText } from '@sam/core';
import { useRef, useState } from 'react';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import {
  saveWhatCanBeSaved,
  type UnsavedWorkRegistry,
  UnsavedWorkScope,
  useCloseGuard,
} from '../drafts/index.ts';
import { HelpButton } from './HelpButton.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import styles from './inventory.module.css';
import { useInventoryStatuses } from './useInventory.ts';

/** How long a close waits for a save under way before it asks instead. */
const CLOSE_SAVE_WAIT_MS = 3000;

/** The Step Four Inventories dialog: three tabs, each with its status pill. */
export function InventoryDialog({
  open,
  onOpenChange,
  initialTab = 'resentments',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab?: InventoryType;
}) {
  const [tab, setTab] = useState<InventoryType>(initialTab);
  const statuses = useInventoryStatuses(open);
  const forms = useRef<UnsavedWorkRegistry | null>(null);
  const mayClose = useCloseGuard();
  // Escape, a click outside or the close button first save what can be saved (an entry just added, still
  // on its way), and ask only about what cannot: an entry being edited, a save that failed or takes long.
  const change = async (next: boolean) => {
    if (next) return onOpenChange(true);
    const left = forms.current ? await saveWhatCanBeSaved(forms.current, { waitMs: CLOSE_SAVE_WAIT_MS }) : [];
    if (await mayClose(left.length > 0)) onOpenChange(false);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(next) => void change(next)}
      title="Step Four Inventories"
      description="Everything you write here is encrypted on this device before it is saved."
      size="lg"
    >
      <UnsavedWorkScope scope={forms}>
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v as InventoryType)}>
          <Tabs.List className={styles.tabs} aria-label="Inventories">
            {INVENTORY_TYPES.map((type) => {
              const status = statuses?.[type];
              return (
                <Tabs.Trigger key={type} value={type} className={styles.tab}>
                  <span>{INVENTORY_LABELS[type]}</span>
                  <span className={status?.completed ? styles.pillDone : styles.pill}>
                    {status ? inventoryStatusText(status.entryCount, status.completed) : '…'}
                  </span>
                </Tabs.Trigger>
              );
            })}
          </Tabs.List>
          {INVENTORY_TYPES.map((type) => (
            <Tabs.Content key={type} value={type} className={styles.tabPanel}>
              <div className={styles.panelHeading}>
                <h3>{INVENTORY_LABELS[type]} inventory</h3>
                <HelpButton tag={`${type}-help`} label={`${INVENTORY_LABELS[type]} inventory`} />
              </div>
              <InventoryPanel type={type} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </UnsavedWorkScope>
    </Modal>
  );
}
