import * as RadioGroup from '@radix-ui/react-radio-group';
import {
  PREFERENCE_MESSAGES,
  type ProgramId,
  type ProgramPreferences,
  preferencesError,
  toggleSelectedProgram,
} from '@sam/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { useSavePreferences } from '../preferences/index.ts';
import { PROGRAMS, programById } from './programs.ts';
import styles from './Recovery.module.css';

const EMPTY: ProgramPreferences = { selectedPrograms: [], primaryProgram: null };

/** The setup screen for a signed-in user with no preferences: choose programs and the primary one. */
export function SetupJourney() {
  const [prefs, setPrefs] = useState<ProgramPreferences>(EMPTY);
  const [failed, setFailed] = useState(false);
  const save = useSavePreferences();
  const problem = preferencesError(prefs);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problem || !prefs.primaryProgram || save.isPending) return;
    setFailed(false);
    try {
      await save.mutateAsync({
        method: 'POST',
        body: { selectedPrograms: prefs.selectedPrograms, primaryProgram: prefs.primaryProgram },
      });
    } catch (error) {
      console.error('Failed to save program preferences', error);
      setFailed(true);
    }
  };

  return (
    <Page
      title="Set Up Your Recovery Journey"
      documentTitle="My Recovery Journey"
      intro={<p>Tick the programs you are working, then choose the one to put first.</p>}
    >
      <form className={styles.setup} onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Which programs are you working?</legend>
          {PROGRAMS.map((program) => (
            <CheckboxField
              key={program.id}
              label={program.name}
              checked={prefs.selectedPrograms.includes(program.id)}
              onCheckedChange={() => setPrefs((p) => toggleSelectedProgram(p, program.id))}
            />
          ))}
        </fieldset>
        {prefs.selectedPrograms.length > 0 ? (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend} id="primary-legend">
              Your primary program
            </legend>
            <RadioGroup.Root
              className={styles.radios}
              aria-labelledby="primary-legend"
              value={prefs.primaryProgram ?? ''}
              onValueChange={(value) => setPrefs((p) => ({ ...p, primaryProgram: value as ProgramId }))}
            >
              {prefs.selectedPrograms.map((id) => (
                <div key={id} className={styles.radioRow}>
                  <RadioGroup.Item value={id} id={`primary-${id}`} className={styles.radio}>
                    <RadioGroup.Indicator className={styles.radioDot} />
                  </RadioGroup.Item>
                  <label htmlFor={`primary-${id}`}>{programById(id).name}</label>
                </div>
              ))}
            </RadioGroup.Root>
          </fieldset>
        ) : null}
        <p className={styles.validation} role="status">
          {problem ?? ''}
        </p>
        {failed ? <Message tone="danger">{PREFERENCE_MESSAGES.saveFailed}</Message> : null}
        <Button type="submit" disabled={problem !== null} busy={save.isPending} busyLabel="Saving...">
          Save &amp; Continue
        </Button>
        <p className={styles.guidance}>Most people work with 1-2 programs at a time.</p>
      </form>
    </Page>
  );
}
