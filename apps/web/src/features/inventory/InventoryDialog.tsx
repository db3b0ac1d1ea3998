import * as Tabs from '@radix-ui/react-tabs';
import { INVENTORY_LABELS, INVENTORY_TYPES, type InventoryType, inventoryStatusText } from '@sam/core';
import { useState } from 'react';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { HelpButton, InventoryPanel } from './InventoryPanel.tsx';
import styles from './inventory.module.css';
import { useInventoryStatuses } from './useInventory.ts';

/** The Step Four Inventories dialog (spec part 2 §2): three tabs, each with its status pill. */
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
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Step Four Inventories"
      description="Everything you write here is encrypted on this device before it is saved."
      size="lg"
    >
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
    </Modal>
  );
}
