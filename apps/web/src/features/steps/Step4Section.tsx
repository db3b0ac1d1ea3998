import { INVENTORY_TYPES, inventoryPillText, STEP_MESSAGES } from '@sam/core';
import { useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { useAuthDialogs } from '../auth/index.ts';
import { InventoryDialog, useInventoryStatuses, useReloadInventoryStatus } from '../inventory/index.ts';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';

const LABELS = { resentments: 'Resentments', fears: 'Fears', harms: 'Harms Done' } as const;

/** Step 4 action 3: the inventory pills and the two scheduling boxes. */
export function Step4Section({ draft, saveNow, statusFor, signedIn }: StepToolsProps) {
  const { openLogin } = useAuthDialogs();
  const statuses = useInventoryStatuses(signedIn);
  const reloadStatus = useReloadInventoryStatus();
  const [dialogOpen, setDialogOpen] = useState(false);
  const setFlag = (field: 'action3_scheduled' | 'action3_place', value: boolean) =>
    void saveNow('step4', (d) => ({ ...d, data: { ...d.data, [field]: value } }));
  return (
    <div className={styles.subsection}>
      <h3 className={styles.subheading}>Step Four Inventories</h3>
      {signedIn ? (
        <>
          <ul className={styles.pills} aria-label="Inventory status" aria-busy={statuses ? undefined : true}>
            {INVENTORY_TYPES.map((type) => (
              <li key={type} className={styles.pill}>
                <span className={styles.pillName}>{LABELS[type]}:</span>{' '}
                {statuses ? inventoryPillText(statuses[type].entryCount, statuses[type].completed) : '…'}
              </li>
            ))}
          </ul>
          <div>
            <Button size="sm" onClick={() => setDialogOpen(true)}>
              Open Step Four Inventories
            </Button>
          </div>
          <InventoryDialog
            open={dialogOpen}
            onOpenChange={(open) => {
              setDialogOpen(open);
              // Once the inventory dialog closes, its pills reload (after a short pause) to show the saves.
              if (!open) reloadStatus();
            }}
          />
        </>
      ) : (
        <div className={styles.inventoryLogin}>
          <p>{STEP_MESSAGES.step4InventoryLogin}</p>
          <Button size="sm" onClick={() => openLogin({ mode: 'signin' })}>
            {STEP_MESSAGES.logIn}
          </Button>
        </div>
      )}
      <h3 className={styles.subheading}>Schedule Step Five</h3>
      <CheckboxField
        label={STEP_MESSAGES.step4ScheduledLabel}
        checked={draft.data.action3_scheduled === true}
        onCheckedChange={(v) => setFlag('action3_scheduled', v)}
      />
      <CheckboxField
        label={STEP_MESSAGES.step4PlaceLabel}
        checked={draft.data.action3_place === true}
        onCheckedChange={(v) => setFlag('action3_place', v)}
      />
      {statusFor('step4')}
    </div>
  );
}
