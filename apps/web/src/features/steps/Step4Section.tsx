import { inventoryPillText, STEP_MESSAGES } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { useAuthDialogs } from '../auth/index.ts';
import styles from './steps.module.css';
import type { StepToolsProps } from './stepTools.ts';

const INVENTORIES = [
  { id: 'resentments', label: 'Resentments' },
  { id: 'fears', label: 'Fears' },
  { id: 'harms', label: 'Harms Done' },
] as const;

/** Step 4 action 3: the inventory pills and the two scheduling boxes (spec part 1 §4). */
export function Step4Section({ draft, persist, signedIn }: StepToolsProps) {
  const { openLogin } = useAuthDialogs();
  const setFlag = (field: 'action3_scheduled' | 'action3_place', value: boolean) =>
    void persist((d) => ({ ...d, data: { ...d.data, [field]: value } }), STEP_MESSAGES.saveFailed);
  return (
    <div className={styles.subsection}>
      <h3 className={styles.subheading}>Step Four Inventories</h3>
      {signedIn ? (
        <>
          <ul className={styles.pills} aria-label="Inventory status">
            {INVENTORIES.map((inventory) => (
              <li key={inventory.id} className={styles.pill}>
                <span className={styles.pillName}>{inventory.label}:</span> {inventoryPillText(0, false)}
              </li>
            ))}
          </ul>
          <p className={styles.smallNote}>
            The inventory worksheets are still being built in SAM, so each status reads "not started" for now
            and this action cannot be completed yet. Until then you can write your inventories on paper with
            your sponsor.
          </p>
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
    </div>
  );
}
