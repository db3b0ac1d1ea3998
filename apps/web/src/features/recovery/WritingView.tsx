import {
  DEFECT_QUESTIONS,
  type EntryRecord,
  INVENTORY_FIELDS,
  type InventoryType,
  listValue,
  mainField,
  optionLabel,
  STEP_MESSAGES,
  STEP2_QUESTION_SET,
  STEP3_QUESTION_SET,
  type StepPrivateData,
  textValue,
} from '@sam/core';
import type { ReactNode } from 'react';
import styles from './recovery.module.css';

type Line = { label: string; value: ReactNode };

const yes = (flag: boolean | undefined) => (flag === undefined ? null : flag ? 'Yes' : 'No');

/** A step's private writing as label and text pairs, in the order the step page asks for it. */
function stepLines(data: StepPrivateData): Line[] {
  const lines: Line[] = [];
  if (data.step1_writing?.trim()) lines.push({ label: 'My Step One', value: data.step1_writing });
  for (const set of [STEP2_QUESTION_SET, STEP3_QUESTION_SET]) {
    const answers = data[set.field];
    for (const question of set.items) {
      const answer = answers?.[question.id]?.answer;
      if (answer?.trim()) lines.push({ label: question.prompt, value: answer });
    }
  }
  if (data.prayer_text?.trim()) lines.push({ label: 'My Third Step Prayer', value: data.prayer_text });
  for (const [label, flag] of [
    [STEP_MESSAGES.step4ScheduledLabel, data.action3_scheduled],
    [STEP_MESSAGES.step4PlaceLabel, data.action3_place],
    ['I have shared my Step Four inventories with my sponsor', data.sharedWithSponsor],
  ] as const) {
    const shown = yes(flag);
    if (shown) lines.push({ label, value: shown });
  }
  const defects = (data.characterDefects ?? []).filter((d) => d.trim());
  if (defects.length > 0) lines.push({ label: 'My character defects', value: defects.join(', ') });
  for (const [defect, answers] of Object.entries(data.defectAnswers ?? {})) {
    for (const question of DEFECT_QUESTIONS) {
      const text = answers[question.key];
      if (text.trim()) lines.push({ label: `${defect}: ${question.prompt}`, value: text });
    }
  }
  if (data.notes?.trim()) lines.push({ label: 'Notes', value: data.notes });
  return lines;
}

function Lines({ lines }: { lines: Line[] }) {
  return (
    <dl className={styles.writing}>
      {lines.map((line) => (
        <div key={line.label}>
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StepWritingView({ data }: { data: StepPrivateData }) {
  const lines = stepLines(data);
  if (lines.length === 0) return <p className={styles.empty}>Nothing was written here.</p>;
  return <Lines lines={lines} />;
}

export function InventoryWritingView({ type, entries }: { type: InventoryType; entries: EntryRecord[] }) {
  if (entries.length === 0) return <p className={styles.empty}>This inventory had no entries.</p>;
  return (
    <ul className={styles.list}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.entry}>
          <h3 className={styles.entryTitle}>{textValue(entry, mainField(type).key) || 'Unknown'}</h3>
          <Lines
            lines={INVENTORY_FIELDS[type].slice(1).flatMap((field) => {
              const value =
                field.kind === 'list'
                  ? listValue(entry, field.key).map(optionLabel).join(', ')
                  : textValue(entry, field.key);
              return value.trim() ? [{ label: field.label, value }] : [];
            })}
          />
        </li>
      ))}
    </ul>
  );
}
