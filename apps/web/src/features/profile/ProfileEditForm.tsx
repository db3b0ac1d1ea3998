import {
  FIELD_LIMITS,
  PROFILE_UI_MESSAGES,
  type ProfileForm,
  profileChanges,
  profileFormErrors,
  profileSaveChanges,
} from '@sam/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid.ts';
import { DRAFT_MESSAGES, DraftRestoredNote, useConfirmDiscard, useDraft } from '../drafts/index.ts';
import styles from './profile.module.css';
import { NO_DETAILS, type ProfileView } from './profileDetails.ts';
import { useUpdateProfile } from './useProfile.ts';

const formOf = (p: ProfileView): ProfileForm => ({
  display_name: p.display_name,
  ...(p.opened.state === 'open' ? p.opened.details : NO_DETAILS),
});

/**
 * Edit Profile: display name (readable by SAM), and bio, location and phone (encrypted here), checked with
 * the same limits the server and the encryption keep.
 */
export function ProfileEditForm({
  profile,
  onDone,
}: {
  profile: ProfileView;
  onDone: (saved: boolean) => void;
}) {
  const detailsLocked = profile.opened.state === 'locked';
  const [form, setForm] = useState(() => formOf(profile));
  const dialogs = useDialogs();
  const mayDiscard = useConfirmDiscard();
  // Kept as a draft until saved or given up, so a closed dialog or a reload loses nothing.
  const kept = useDraft<ProfileForm>('profile', (restored) => setForm(restored));
  const [errors, setErrors] = useState<ReturnType<typeof profileFormErrors>>({});
  const update = useUpdateProfile();
  const bioId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, Object.keys(errors).length > 0 ? errors : null);

  // A field's error goes as soon as it is edited; Save checks everything again.
  const change = (name: keyof ProfileForm, value: string) => {
    const next = { ...form, [name]: value };
    setForm(next);
    kept.keep(next);
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  const field = (name: keyof ProfileForm) => ({
    value: form[name],
    error: errors[name] ?? null,
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = profileFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = profileChanges(formOf(profile), form);
    if (Object.keys(changes).length === 0) {
      void kept.clear();
      return onDone(false);
    }
    update.mutate(profileSaveChanges(changes, form), {
      onSuccess: async () => {
        await kept.clear();
        onDone(true);
      },
    });
  };

  // Giving up changes is deleting what was typed, so it is confirmed first.
  const cancel = async () => {
    const changed = Object.keys(profileChanges(formOf(profile), form)).length > 0;
    const yes =
      !changed ||
      (await dialogs.confirm({
        title: PROFILE_UI_MESSAGES.discardTitle,
        message: PROFILE_UI_MESSAGES.discardText,
        variant: 'danger',
        confirmText: DRAFT_MESSAGES.discard,
        cancelText: DRAFT_MESSAGES.keep,
      }));
    if (!yes) return;
    await kept.clear();
    onDone(false);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit profile">
      {kept.restored ? (
        <DraftRestoredNote
          hint="The changes you started before are back."
          onDiscard={async () => {
            if (!(await mayDiscard())) return;
            setForm(formOf(profile));
            await kept.clear();
          }}
        />
      ) : null}
      <TextField label="Email" value={profile.email} readOnly hint="Your e-mail cannot be changed here." />
      <TextField
        label="Display name"
        autoComplete="nickname"
        maxLength={FIELD_LIMITS.displayName}
        autoFocus
        hint={PROFILE_UI_MESSAGES.displayNameReadable}
        {...field('display_name')}
      />
      <p className={styles.encryptedNote}>
        {detailsLocked ? PROFILE_UI_MESSAGES.detailsLocked : PROFILE_UI_MESSAGES.detailsEncrypted}
      </p>
      <div className={styles.field}>
        <label htmlFor={bioId} className={styles.label}>
          Bio
        </label>
        <LimitedTextarea
          id={bioId}
          className={styles.textarea}
          value={form.bio}
          limit={FIELD_LIMITS.bio}
          disabled={detailsLocked}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={errors.bio ? `${bioId}-error` : undefined}
          onChange={(event) => change('bio', event.target.value)}
        />
        {errors.bio ? (
          <p id={`${bioId}-error`} className={styles.fieldError}>
            {errors.bio}
          </p>
        ) : null}
      </div>
      <TextField
        label="Location"
        autoComplete="address-level2"
        maxLength={FIELD_LIMITS.location}
        disabled={detailsLocked}
        {...field('location')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={FIELD_LIMITS.phone}
        disabled={detailsLocked}
        {...field('phone')}
      />
      {update.isError ? (
        <Message tone="danger">
          {PROFILE_UI_MESSAGES.updateFailed}: {errorMessage(update.error, 'Please try again.')}
        </Message>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={update.isPending} busyLabel="Saving...">
          Save
        </Button>
        <Button variant="secondary" onClick={() => void cancel()} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
