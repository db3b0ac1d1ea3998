import {
  type CirclesHistoryEntry,
  changeTouchesInnerCircle,
  circlesChange,
  describeCirclesChange,
  FIELD_LIMITS,
  formatDisplayDate,
  restoredReason,
  type ThreeCircles,
} from '@sam/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button.tsx';
import controls from '../../ui/controls.module.css';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import fieldStyles from '../../ui/fields.module.css';
import { LimitedTextarea } from '../../ui/LimitedTextarea.tsx';
import { Message } from '../../ui/Message.tsx';
import { CirclesReadOnly } from './CircleParts.tsx';
import styles from './circles.module.css';
import { CIRCLES_WORDING as W } from './wording.ts';
import { type SaveProblem, SaveProblemError } from './workState.ts';

type Readable = CirclesHistoryEntry & { content: NonNullable<CirclesHistoryEntry['content']> };

type Props = {
  entries: readonly CirclesHistoryEntry[];
  /** The circles as saved now (null when the newest version cannot be read here). */
  current: ThreeCircles | null;
  /** Whether the editor holds changes a restore would give up. */
  unsaved: boolean;
  /** Saves `entry`'s circles as a new version; rejects with a message to show in the dialog. */
  onRestore(entry: Readable, reason: string): Promise<void>;
  /** Loads the newest versions after a stale save. */
  onReload(): Promise<void>;
};

/** Every version, newest first: when, what changed and why; an earlier one can be viewed or restored. */
export function CirclesHistory({ entries, current, unsaved, onRestore, onReload }: Props) {
  const prefix = useId();
  const [viewing, setViewing] = useState<number | null>(null);
  const [restoring, setRestoring] = useState<Readable | null>(null);
  const newest = entries[0]?.version ?? null;
  return (
    <section aria-labelledby={`${prefix}-history`} className={styles.history}>
      <h2 id={`${prefix}-history`}>{W.historyHeading}</h2>
      <p className={styles.hint}>{W.historyIntro}</p>
      <ol className={styles.historyList}>
        {entries.map((entry) => {
          const open = viewing === entry.version;
          const panelId = `${prefix}-version-${entry.version}`;
          const content = entry.content;
          return (
            <li key={entry.version} className={styles.historyItem}>
              <h3 className={styles.historyHeading}>
                {W.version(entry.version)}
                {entry.version === newest ? (
                  <>
                    {' · '}
                    <span className={styles.current}>{W.current}</span>
                  </>
                ) : null}
              </h3>
              <p className={styles.meta}>{formatDisplayDate(entry.createdAt)}</p>
              {content ? (
                <>
                  {entry.change ? (
                    <p className={styles.change}>{describeCirclesChange(entry.change)}</p>
                  ) : null}
                  {content.reason ? (
                    <p className={styles.reason}>
                      <span className={styles.reasonLabel}>{W.why}</span> <span>{content.reason}</span>
                    </p>
                  ) : null}
                  <div className={styles.historyActions}>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-expanded={open}
                      aria-controls={open ? panelId : undefined}
                      aria-label={`${open ? W.hide : W.view} ${W.version(entry.version)}`}
                      onClick={() => setViewing(open ? null : entry.version)}
                    >
                      {open ? W.hide : W.view}
                    </Button>
                    {entry.version !== newest ? (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${W.restore}: ${W.version(entry.version)}`}
                        onClick={() => setRestoring({ ...entry, content })}
                      >
                        {W.restore}
                      </Button>
                    ) : null}
                  </div>
                  {open ? (
                    <div id={panelId} className={styles.versionView}>
                      <CirclesReadOnly circles={content.circles} level={4} />
                    </div>
                  ) : null}
                </>
              ) : (
                <p className={styles.unreadable}>{W.cannotRead}</p>
              )}
            </li>
          );
        })}
      </ol>
      {restoring ? (
        <RestoreDialog
          entry={restoring}
          current={current}
          unsaved={unsaved}
          onRestore={onRestore}
          onReload={onReload}
          onClose={() => setRestoring(null)}
        />
      ) : null}
    </section>
  );
}

type DialogProps = {
  entry: Readable;
  current: ThreeCircles | null;
  unsaved: boolean;
  onRestore: Props['onRestore'];
  onReload: Props['onReload'];
  onClose(): void;
};

/** "Restore version N?": what it does, an optional reason, and Restore / Cancel (focus on Cancel). */
function RestoreDialog({ entry, current, unsaved, onRestore, onReload, onClose }: DialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const touchesInner =
    current !== null && changeTouchesInnerCircle(circlesChange(current, entry.content.circles));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    try {
      await onRestore(entry, reason.trim() || restoredReason(entry.version));
      onClose();
    } catch (error) {
      setProblem(
        error instanceof SaveProblemError
          ? { message: error.message, stale: error.stale }
          : { message: W.saveFailed, stale: false },
      );
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open || busy ? undefined : onClose())}
      title={W.restoreTitle(entry.version)}
      variant="warning"
      size="md"
      initialFocusRef={cancel}
      footer={
        <>
          <Button ref={cancel} variant="secondary" onClick={onClose} disabled={busy}>
            {W.cancel}
          </Button>
          <Button type="submit" form={`${id}-form`} busy={busy} busyLabel="Restoring...">
            {W.restoreConfirm(entry.version)}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={submit} className={styles.restoreForm}>
        <p>{W.restoreText(entry.version)}</p>
        {touchesInner ? <p>{W.restoreInner}</p> : null}
        {unsaved ? <p>{W.restoreDropsEdits}</p> : null}
        <label htmlFor={`${id}-reason`} className={fieldStyles.label}>
          {W.reasonLabel}
        </label>
        <p id={`${id}-hint`} className={styles.hint}>
          {W.restoreReasonHint(restoredReason(entry.version))}
        </p>
        <LimitedTextarea
          id={`${id}-reason`}
          className={controls.textarea}
          value={reason}
          aria-describedby={`${id}-hint`}
          limit={FIELD_LIMITS.circleReason}
          onChange={(e) => setReason(e.target.value)}
        />
        {problem ? (
          <Message tone="danger">
            {problem.message}
            {problem.stale ? (
              <span className={styles.problemAction}>
                <Button size="sm" variant="secondary" onClick={() => void onReload().then(onClose)}>
                  {W.reload}
                </Button>
              </span>
            ) : null}
          </Message>
        ) : null}
      </form>
    </Modal>
  );
}
