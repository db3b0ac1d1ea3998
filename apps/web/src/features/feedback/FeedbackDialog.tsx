import {
  canSubmitFeedback,
  describeDevice,
  deviceInfoFrom,
  FEEDBACK_AUTO_CLOSE_MS,
  FEEDBACK_DEFAULT_TYPE,
  FEEDBACK_MESSAGES,
  FEEDBACK_TYPES,
  type FeedbackType,
  FIELD_LIMITS,
  feedbackBody,
} from '@sam/core';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useServerMutation } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { Message } from '../../ui/Message.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useSession } from '../auth/index.ts';
import { DraftRestoredNote, useConfirmDiscard, useDraft } from '../drafts/index.ts';
import { feedbackApi } from './api.ts';
import styles from './feedback.module.css';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page the member was on, sent with the feedback as its location in the app. */
  location: string;
};

function thisDevice() {
  return deviceInfoFrom({
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
  });
}

/** The Feedback form: type, text, and what is sent along, read-only. */
export function FeedbackDialog({ open, onOpenChange, location }: Props) {
  const { user } = useSession();
  const [type, setType] = useState<FeedbackType>(FEEDBACK_DEFAULT_TYPE);
  const [text, setText] = useState('');
  // Kept as a draft while it is written: closing the form or the page brings it back next time.
  const kept = useDraft<{ type: FeedbackType; text: string }>(open ? 'feedback' : null, (restored) => {
    setType(restored.type);
    setText(restored.text);
  });
  const mayDiscard = useConfirmDiscard();
  const device = useMemo(thisDevice, []);
  const formId = useId();
  const textId = useId();
  const submit = useServerMutation({
    mutationFn: () =>
      feedbackApi.submit(feedbackBody({ userEmail: user?.email ?? '', location, type, text, device })),
  });

  useEffect(() => {
    if (!submit.isSuccess) return;
    void kept.clear();
    const timer = window.setTimeout(() => onOpenChange(false), FEEDBACK_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [submit.isSuccess, onOpenChange, kept.clear]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitFeedback(text, submit.isPending)) submit.mutate();
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Feedback"
      description="Tell us what helps, what gets in the way, or an idea. Thank you for making SAM better."
      footer={
        submit.isSuccess ? null : (
          <>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              form={formId}
              disabled={!canSubmitFeedback(text, submit.isPending)}
              busy={submit.isPending}
              busyLabel="Submitting..."
            >
              Submit
            </Button>
          </>
        )
      }
    >
      {submit.isSuccess ? (
        <Message tone="success">{FEEDBACK_MESSAGES.thanks}</Message>
      ) : (
        <form id={formId} onSubmit={send} noValidate>
          {kept.restored ? (
            <DraftRestoredNote
              hint="The feedback you started before is back."
              onDiscard={async () => {
                if (!(await mayDiscard())) return;
                setText('');
                setType(FEEDBACK_DEFAULT_TYPE);
                await kept.clear();
              }}
            />
          ) : null}
          <fieldset className={styles.types}>
            <legend className={styles.legend}>Type of feedback</legend>
            <div className={styles.options}>
              {FEEDBACK_TYPES.map((value) => (
                <label key={value} className={styles.option}>
                  <input
                    type="radio"
                    name="feedback-type"
                    value={value}
                    checked={type === value}
                    onChange={() => {
                      setType(value);
                      kept.keep({ type: value, text });
                    }}
                  />
                  {value}
                </label>
              ))}
            </div>
          </fieldset>
          <div className={fieldStyles.field}>
            <label htmlFor={textId} className={fieldStyles.label}>
              Your feedback
            </label>
            <LimitedTextarea
              id={textId}
              className={styles.textarea}
              value={text}
              limit={FIELD_LIMITS.feedbackText}
              required
              aria-describedby={`${textId}-hint`}
              onChange={(event) => {
                setText(event.target.value);
                kept.keep({ type, text: event.target.value });
              }}
            />
            <p id={`${textId}-hint`} className={fieldStyles.hint}>
              Please do not include private recovery details; this note is not encrypted.
            </p>
          </div>
          <TextField label="User" value={user?.email ?? ''} readOnly />
          <TextField label="Location" value={location} readOnly />
          <TextField label="Device" value={describeDevice(device)} readOnly />
          {submit.isError ? <Message tone="danger">{FEEDBACK_MESSAGES.failed}</Message> : null}
        </form>
      )}
    </Modal>
  );
}
