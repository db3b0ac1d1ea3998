import { useId, useState } from 'react';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { type HeadingLevel, SectionHeading } from '../profile/index.ts';
import { chooseQuickExitLock, quickExitLocks } from './deviceLock.ts';
import { chooseIdleLock, IDLE_LOCK_CHOICES, type IdleLockMinutes, idleLockMinutes } from './idleLock.ts';
import { chooseNeutralTitle, NEUTRAL_TITLE, neutralTitleChosen } from './neutralTitle.ts';
import styles from './sharedDevice.module.css';

const LABELS: Record<IdleLockMinutes, string> = {
  0: 'Off',
  5: 'After 5 minutes',
  15: 'After 15 minutes',
  60: 'After 1 hour',
};

/** Settings for a device others may use: kept in this browser only, so each device chooses for itself. */
export function ThisDeviceSection({ headingLevel }: { headingLevel: HeadingLevel }) {
  const [minutes, setMinutes] = useState(idleLockMinutes);
  const [neutral, setNeutral] = useState(neutralTitleChosen);
  const [exitLocks, setExitLocks] = useState(quickExitLocks);
  const lockId = useId();
  return (
    <>
      <SectionHeading level={headingLevel}>Privacy on this device</SectionHeading>
      <p className={styles.note}>
        These settings stay in this browser. Quick exit (the button at the top, or Escape three times) always
        leaves SAM for a weather page at once.
      </p>
      <div className={styles.field}>
        <label htmlFor={lockId}>Lock SAM when it is not used</label>
        <select
          id={lockId}
          value={minutes}
          onChange={(event) => {
            const chosen = Number(event.target.value) as IdleLockMinutes;
            setMinutes(chosen);
            chooseIdleLock(chosen);
          }}
        >
          {IDLE_LOCK_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {LABELS[choice]}
            </option>
          ))}
        </select>
        <p className={styles.hint}>
          When SAM locks, your writing leaves the screen until you enter your password.
        </p>
      </div>
      <CheckboxField
        label="Lock SAM when I use Quick exit"
        checked={exitLocks}
        onCheckedChange={(on) => {
          setExitLocks(on);
          chooseQuickExitLock(on);
        }}
        hint="On unless you turn it off. The next time SAM is opened here, it asks for your password before showing any writing."
      />
      <CheckboxField
        label={`Show "${NEUTRAL_TITLE}" as the tab title instead of SAM`}
        checked={neutral}
        onCheckedChange={(on) => {
          setNeutral(on);
          chooseNeutralTitle(on);
        }}
      />
    </>
  );
}
