import * as Tabs from '@radix-ui/react-tabs';
import { INVENTORY_LABELS, INVENTORY_TYPES, type InventoryType, inventoryStatusText } from '@sam/core';
import { useRef, useState } from 'react';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { type UnsavedWorkRegistry, UnsavedWorkScope, useCloseGuard } from '../drafts/index.ts';
import { HelpButton } from './HelpButton.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import styles from './inventory.module.css';
import { useInventoryStatuses } from './useInventory.ts';

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
  // Escape, a click outside or the close button ask first while an entry is being edited.
  const change = async (next: boolean) => {
    if (next || (await mayClose((forms.current?.pending().length ?? 0) > 0))) onOpenChange(next);
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
