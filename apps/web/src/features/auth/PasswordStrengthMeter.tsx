import { passwordStrength } from '@sam/core';
import styles from './auth.module.css';

/** A quiet, explainable meter under the new-password field; it advises, the 8-character rule decides. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  return (
    <div className={styles.meter}>
      <div className={styles.meterBar} aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={step <= score ? styles[`meterOn${score}`] : styles.meterOff} />
        ))}
      </div>
      <span className={styles.meterLabel}>Password strength: {label}</span>
    </div>
  );
}
