import {
  createInvitationBodySchema,
  INVITE_ROLE_CHOICES,
  type Invitation,
  SPONSORSHIP_DISPLAY_NAME_MAX_LENGTH,
  SPONSORSHIP_EMAIL_MAX_LENGTH,
  SPONSORSHIP_PROGRAMS,
  type SponsorshipRole,
  WORKBOOK_PROGRAM,
} from '@sam/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useFocusFirstInvalid } from '../../ui/useFocusFirstInvalid.ts';
import { useInvite } from './api.ts';
import styles from './sponsorship.module.css';

type Field = 'inviteeEmail' | 'inviteeDisplayName' | 'program' | 'role';
type Errors = Partial<Record<Field, string>>;

const DEFAULT_PROGRAM = WORKBOOK_PROGRAM;

/**
 * Invite someone by e-mail to be one's sponsor or sponsee; the shared schema checks it before sending.
 * 'Invitation sent' stays only while that invitation is still open in `invitations` (it goes once canceled).
 */
export function InviteForm({ invitations }: { invitations: readonly Invitation[] }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<SponsorshipRole>('sponsor');
  const [program, setProgram] = useState<string>(DEFAULT_PROGRAM);
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const [sent, setSent] = useState<Invitation | null>(null);
  const sentStatus = sent ? (invitations.find((i) => i.id === sent.id) ?? sent).status : null;
  useFocusFirstInvalid(form, attempt);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    invite.reset();
    const parsed = createInvitationBodySchema.safeParse({
      inviteeEmail: email,
      inviteeDisplayName: name.trim() ? name : undefined,
      program,
      role,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    invite.mutate(parsed.data, {
      onSuccess: (invitation) => {
        setSent(invitation);
        setEmail('');
        setName('');
      },
    });
  };

  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Invite someone</h3>
      <form ref={form} noValidate onSubmit={submit}>
        <TextField
          label="Their email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          maxLength={SPONSORSHIP_EMAIL_MAX_LENGTH}
          autoComplete="off"
          error={errors.inviteeEmail}
          required
        />
        <fieldset className={styles.roles} aria-describedby={errors.role ? `${id}-role-error` : undefined}>
          <legend>They will be</legend>
          {INVITE_ROLE_CHOICES.map((choice) => (
            <label key={choice.role} className={styles.roleOption}>
              <input
                type="radio"
                name={`${id}-role`}
                value={choice.role}
                checked={role === choice.role}
                onChange={() => setRole(choice.role)}
              />
              <span>
                {choice.label}
                <span className={styles.roleHint}>{choice.hint}</span>
              </span>
            </label>
          ))}
          {errors.role ? (
            <p id={`${id}-role-error`} className={styles.fieldError}>
              {errors.role}
            </p>
          ) : null}
        </fieldset>
        <div className={styles.selectField}>
          <label htmlFor={`${id}-program`}>Program</label>
          <select
            id={`${id}-program`}
            className={styles.select}
            value={program}
            onChange={(e) => setProgram(e.target.value)}
            aria-invalid={errors.program ? true : undefined}
          >
            {SPONSORSHIP_PROGRAMS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
          {errors.program ? <p className={styles.fieldError}>{errors.program}</p> : null}
        </div>
        <TextField
          label="Their name (optional)"
          hint="How they will appear in your lists. Not encrypted: SAM's server can read it."
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={SPONSORSHIP_DISPLAY_NAME_MAX_LENGTH}
          autoComplete="off"
          error={errors.inviteeDisplayName}
        />
        {sent && sentStatus === 'pending' ? (
          <Message tone="success">
            Invitation sent to {sent.inviteeEmail}. The link in the e-mail works for 30 days.
          </Message>
        ) : null}
        {invite.isError ? (
          <Message tone="danger">
            {errorMessage(invite.error, 'Could not send the invitation. Please try again.')}
          </Message>
        ) : null}
        <Button type="submit" block busy={invite.isPending} busyLabel="Sending...">
          Send invitation
        </Button>
      </form>
    </section>
  );
}
