import {
  PROFILE_UI_MESSAGES,
  type ProfileForm,
  type ProfileReply,
  profileChanges,
  profileFormErrors,
} from '@sam/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid.ts';
import styles from './profile.module.css';
import { useUpdateProfile } from './useProfile.ts';

const formOf = (p: ProfileReply): ProfileForm => ({
  display_name: p.display_name,
  bio: p.bio,
  location: p.location,
  phone: p.phone,
});

/** Edit Profile: display name, bio, location and phone, checked with the server's own limits. */
export function ProfileEditForm({
  profile,
  onDone,
}: {
  profile: ProfileReply;
  onDone: (saved: boolean) => void;
}) {
  const [form, setForm] = useState(() => formOf(profile));
  const [errors, setErrors] = useState<ReturnType<typeof profileFormErrors>>({});
  const update = useUpdateProfile();
  const bioId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, Object.keys(errors).length > 0 ? errors : null);

  // A field's error goes as soon as it is edited; Save checks everything again.
  const change = (name: keyof ProfileForm, value: string) => {
    setForm({ ...form, [name]: value });
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
    if (Object.keys(changes).length === 0) return onDone(false);
    update.mutate(changes, { onSuccess: () => onDone(true) });
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Edit profile">
      <TextField label="Email" value={profile.email} readOnly hint="Your e-mail cannot be changed here." />
      <TextField
        label="Display name"
        autoComplete="nickname"
        maxLength={100}
        autoFocus
        {...field('display_name')}
      />
      <div className={styles.field}>
        <label htmlFor={bioId} className={styles.label}>
          Bio
        </label>
        <textarea
          id={bioId}
          className={styles.textarea}
          value={form.bio}
          maxLength={2000}
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
      <TextField label="Location" autoComplete="address-level2" maxLength={100} {...field('location')} />
      <TextField label="Phone" type="tel" autoComplete="tel" maxLength={30} {...field('phone')} />
      {update.isError ? (
        <Message tone="danger">
          {PROFILE_UI_MESSAGES.updateFailed}: {errorMessage(update.error, 'Please try again.')}
        </Message>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={update.isPending} busyLabel="Saving...">
          Save
        </Button>
        <Button variant="secondary" onClick={() => onDone(false)} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
