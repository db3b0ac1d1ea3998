import {
  type EntryRecord,
  entryLimitProblem,
  FIELD_LIMITS,
  INVENTORY_FIELDS,
  INVENTORY_MESSAGES,
  type InventoryType,
  listValue,
  missingRequired,
  optionLabel,
  textValue,
} from '@sam/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import fieldStyles from '../../ui/fields.module.css';
import { LengthCounter } from '../../ui/LengthCounter.tsx';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { Message } from '../../ui/Message.tsx';
import {
  DRAFT_MESSAGES,
  DraftRestoredNote,
  sameContent,
  useConfirmDiscard,
  useDraft,
  useUnsavedWork,
} from '../drafts/index.ts';
import styles from './inventory.module.css';

export const ENTRY_FORM_MESSAGES = {
  saveFailed:
    'This entry is not saved yet. It is kept on this device and SAM will try again; press Save to try now.',
  cancelTitle: 'Discard your changes to this entry?',
  cancelText: 'What you changed since the last save goes away. The entry itself stays as it was saved.',
  discard: 'Discard changes',
  keepEditing: 'Keep editing',
} as const;

/** Where an entry's unsaved edit is kept (encrypted) until it is saved or discarded. */
export const entryDraftPlace = (type: InventoryType, entryId: string) => `inventory:${type}:entry:${entryId}`;

type Props = {
  type: InventoryType;
  entry: EntryRecord;
  /** Resolves true when saved; on false the form stays open with the text. */
  onSave: (entry: EntryRecord) => Promise<boolean>;
  /** The form is done: saved, or its changes given up. */
  onClose: (saved: boolean) => void;
};

/**
 * The edit form: who / fear / whoHarmed required, impacts or defects as checkboxes. What is typed is kept
 * as an encrypted draft, so closing the dialog, a reload or a crash loses nothing; focus starts in the
 * first field.
 */
export function EntryForm({ type, entry, onSave, onClose }: Props) {
  const dialogs = useDialogs();
  const mayDiscard = useConfirmDiscard();
  const [draft, setDraft] = useState<EntryRecord>(entry);
  const [missing, setMissing] = useState<string[]>([]);
  const [tooLong, setTooLong] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const formId = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const kept = useDraft<EntryRecord>(entryDraftPlace(type, entry.id), (restored) =>
    setDraft({ ...restored, id: entry.id }),
  );
  const changed = () => !sameContent(draft, entry);

  useUnsavedWork({
    unsaved: changed,
    // Saving needs the person's Save (the required fields may be empty): the draft keeps it meanwhile.
    flush: async () => !changed(),
    keptOn: 'device',
  });

  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const set = (key: string, value: string | string[]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    kept.keep(next);
  };

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
    const problem = entryLimitProblem(type, trimmed);
    setTooLong(problem);
    if (problem) return;
    setSaving(true);
    const ok = await onSave(trimmed);
    setSaving(false);
    setFailed(!ok);
    if (!ok) return;
    await kept.clear();
    onClose(true);
  };

  const cancel = async () => {
    const yes =
      !changed() ||
      (await dialogs.confirm({
        title: ENTRY_FORM_MESSAGES.cancelTitle,
        message: ENTRY_FORM_MESSAGES.cancelText,
        variant: 'danger',
        confirmText: ENTRY_FORM_MESSAGES.discard,
        cancelText: ENTRY_FORM_MESSAGES.keepEditing,
      }));
    if (!yes) return;
    await kept.clear();
    onClose(false);
  };

  const discardDraft = async () => {
    if (!(await mayDiscard())) return;
    setDraft(entry);
    await kept.clear();
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Edit entry">
      {kept.restored ? (
        <DraftRestoredNote hint={DRAFT_MESSAGES.restoredUntilSave} onDiscard={() => void discardDraft()} />
      ) : null}
      {INVENTORY_FIELDS[type].map((field, index) => {
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
        const value = textValue(draft, field.key);
        const limit = FIELD_LIMITS.inventoryText;
        const common = {
          id,
          value,
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
              <LimitedTextarea
                {...common}
                rows={3}
                limit={limit}
                onChange={(e) => set(field.key, e.target.value)}
              />
            ) : (
              <>
                <input
                  {...common}
                  ref={index === 0 ? firstField : undefined}
                  type="text"
                  maxLength={Math.max(limit, value.length)}
                  aria-describedby={[common['aria-describedby'], `${id}-counter`].filter(Boolean).join(' ')}
                  onChange={(e) => set(field.key, e.target.value)}
                />
                <LengthCounter id={`${id}-counter`} length={value.length} limit={limit} />
              </>
            )}
            {error ? (
              <p id={`${id}-error`} className={fieldStyles.error}>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {tooLong ? <Message tone="danger">{tooLong}</Message> : null}
      {failed ? <Message tone="danger">{ENTRY_FORM_MESSAGES.saveFailed}</Message> : null}
      <div className={styles.formButtons}>
        <Button type="submit" size="sm" busy={saving} busyLabel="Saving...">
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={() => void cancel()} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
