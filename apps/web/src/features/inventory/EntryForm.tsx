import {
  type EntryRecord,
  INVENTORY_FIELDS,
  INVENTORY_MESSAGES,
  type InventoryType,
  listValue,
  missingRequired,
  optionLabel,
  textValue,
} from '@sam/core';
import { useId, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { Message } from '../../ui/Message.tsx';
import styles from './inventory.module.css';

const FORM_SAVE_FAILED = 'This entry could not be saved. Your text is still here; please try Save again.';

type Props = {
  type: InventoryType;
  entry: EntryRecord;
  /** Resolves true when saved; on false the form stays open with the text. */
  onSave: (entry: EntryRecord) => Promise<boolean>;
  onCancel: () => void;
};

/** The edit form: who / fear / whoHarmed required, impacts or defects as checkboxes. */
export function EntryForm({ type, entry, onSave, onCancel }: Props) {
  const [draft, setDraft] = useState<EntryRecord>(entry);
  const [missing, setMissing] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const formId = useId();
  const set = (key: string, value: string | string[]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed: EntryRecord = { ...draft };
    for (const field of INVENTORY_FIELDS[type]) {
      if (field.required) trimmed[field.key] = textValue(draft, field.key).trim();
    }
    const required = missingRequired(type, trimmed);
    setMissing(required);
    if (required.length > 0) {
      document.getElementById(`${formId}-${required[0]}`)?.focus();
      return;
    }
    setSaving(true);
    const ok = await onSave(trimmed);
    setSaving(false);
    setFailed(!ok);
    if (ok) onCancel();
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit entry">
      {INVENTORY_FIELDS[type].map((field) => {
        const id = `${formId}-${field.key}`;
        if (field.kind === 'list') {
          const chosen = listValue(draft, field.key);
          return (
            <fieldset key={field.key} className={styles.options}>
              <legend className={fieldStyles.label}>{field.label}</legend>
              <div className={styles.optionGrid}>
                {(field.options ?? []).map((option) => (
                  <CheckboxField
                    key={option}
                    label={optionLabel(option)}
                    checked={chosen.includes(option)}
                    onCheckedChange={(on) =>
                      set(
                        field.key,
                        on
                          ? (field.options ?? []).filter((o) => o === option || chosen.includes(o))
                          : chosen.filter((o) => o !== option),
                      )
                    }
                  />
                ))}
              </div>
            </fieldset>
          );
        }
        const error = missing.includes(field.key) ? INVENTORY_MESSAGES.required : null;
        const common = {
          id,
          value: textValue(draft, field.key),
          className: fieldStyles.input,
          required: field.required,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
        } as const;
        return (
          <div key={field.key} className={fieldStyles.field}>
            <label htmlFor={id} className={fieldStyles.label}>
              {field.label}
              {field.required ? ' (required)' : ''}
            </label>
            {field.kind === 'textarea' ? (
              <textarea {...common} rows={3} onChange={(e) => set(field.key, e.target.value)} />
            ) : (
              <input {...common} type="text" onChange={(e) => set(field.key, e.target.value)} />
            )}
            {error ? (
              <p id={`${id}-error`} className={fieldStyles.error}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {failed ? <Message tone="danger">{FORM_SAVE_FAILED}</Message> : null}
      <div className={styles.formButtons}>
        <Button type="submit" size="sm" busy={saving} busyLabel="Saving...">
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
