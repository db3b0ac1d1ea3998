import { ADMIN_UI_MESSAGES, type AdminFeedbackItem, describeDevice, formatDisplayDate } from '@sam/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useServerMutation, useServerQuery, useServerQueryClient } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import styles from './admin.module.css';
import { adminApi, downloadFeedbackCsv, FEEDBACK_PAGE_SIZE, type FeedbackFilter } from './api.ts';
import { Failure, Pager, refocus, YesNo } from './parts.tsx';

const FILTERS: { value: FeedbackFilter; label: string }[] = [
  { value: 'unreviewed', label: 'Unreviewed' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'all', label: 'All' },
];

function timeOf(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function FeedbackTab() {
  const filterId = useId();
  const [filter, setFilter] = useState<FeedbackFilter>('unreviewed');
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<AdminFeedbackItem | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [exportState, setExportState] = useState<{ busy: boolean; error: unknown; saved: string | null }>({
    busy: false,
    error: null,
    saved: null,
  });

  const list = useServerQuery({
    queryKey: ['admin', 'feedback', filter, page],
    queryFn: () => adminApi.feedback(filter, page),
    placeholderData: keepPreviousData,
  });

  const exportCsv = async () => {
    setExportState({ busy: true, error: null, saved: null });
    try {
      const saved = await downloadFeedbackCsv();
      setExportState({ busy: false, error: null, saved });
    } catch (error) {
      setExportState({ busy: false, error, saved: null });
    }
  };

  const items = list.data?.feedback ?? [];
  return (
    <section aria-labelledby={`${filterId}-heading`}>
      <h2 id={`${filterId}-heading`} className={styles.panelHeading} ref={headingRef} tabIndex={-1}>
        Feedback
      </h2>
      <div className={styles.toolbar}>
        <div className={styles.selectField}>
          <label htmlFor={filterId}>Show</label>
          <select
            id={filterId}
            className={styles.select}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value as FeedbackFilter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={exportCsv} busy={exportState.busy} busyLabel="Exporting...">
          Export CSV
        </Button>
      </div>
      {exportState.error ? (
        <Failure message={ADMIN_UI_MESSAGES.exportFeedback} error={exportState.error} />
      ) : null}
      {exportState.saved ? <Message tone="success">Saved {exportState.saved}.</Message> : null}

      {list.isPending ? <Spinner message="Loading feedback..." /> : null}
      {list.isError ? <Failure message={ADMIN_UI_MESSAGES.loadFeedback} error={list.error} /> : null}
      {list.isSuccess && items.length === 0 ? <p>{ADMIN_UI_MESSAGES.noFeedback}</p> : null}
      {list.isSuccess && items.length > 0 ? (
        <>
          <p className={styles.summary} aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'submission' : 'submissions'}
          </p>
          <table className={styles.table}>
            <caption className="visually-hidden">Feedback submissions</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">User</th>
                <th scope="col">Location</th>
                <th scope="col">Device</th>
                <th scope="col">Time</th>
                <th scope="col">Feedback</th>
                <th scope="col">Reviewed</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td data-label="Type">{item.type}</td>
                  <td data-label="User" className={styles.addressCell}>
                    {item.userEmail}
                  </td>
                  <td data-label="Location">{item.location || '—'}</td>
                  <td data-label="Device">{describeDevice(item.deviceInfo)}</td>
                  <td data-label="Time">
                    <time dateTime={item.timestamp}>
                      <span className={styles.nowrap}>{formatDisplayDate(item.timestamp)}</span>{' '}
                      <span className={styles.nowrap}>{timeOf(item.timestamp)}</span>
                    </time>
                  </td>
                  <td data-label="Feedback" className={styles.feedbackCell}>
                    <div>
                      <p className={styles.feedbackText}>{item.feedbackText}</p>
                      {item.adminNotes ? <p className={styles.muted}>Notes: {item.adminNotes}</p> : null}
                    </div>
                  </td>
                  <td data-label="Reviewed" className={item.reviewed ? undefined : styles.actionsCell}>
                    {item.reviewed ? (
                      <YesNo value />
                    ) : (
                      <Button
                        size="sm"
                        onClick={() => setReviewing(item)}
                        aria-label={`Mark reviewed: ${item.type} from ${item.userEmail}`}
                      >
                        Mark reviewed
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Feedback pages"
            page={page}
            pageSize={FEEDBACK_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            busy={list.isFetching}
          />
        </>
      ) : null}
      {reviewing ? (
        <ReviewDialog
          item={reviewing}
          onClose={() => {
            setReviewing(null);
            refocus(headingRef.current);
          }}
        />
      ) : null}
    </section>
  );
}

function ReviewDialog({ item, onClose }: { item: AdminFeedbackItem; onClose: () => void }) {
  const notesId = useId();
  const queryClient = useServerQueryClient();
  const [notes, setNotes] = useState(item.adminNotes ?? '');
  const review = useServerMutation({
    mutationFn: () => adminApi.review(item.id, notes),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] });
      onClose();
    },
  });
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Mark feedback reviewed"
      description={`${item.type} from ${item.userEmail}`}
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => review.mutate()} busy={review.isPending} busyLabel="Saving...">
            Mark reviewed
          </Button>
        </>
      }
    >
      <p className={styles.feedbackText}>{item.feedbackText}</p>
      <label htmlFor={notesId} className={styles.selectField}>
        <strong>Admin notes (optional)</strong>
      </label>
      <textarea
        id={notesId}
        className={styles.textarea}
        value={notes}
        maxLength={2000}
        onChange={(event) => setNotes(event.target.value)}
      />
      {review.isError ? <Failure message={ADMIN_UI_MESSAGES.reviewFeedback} error={review.error} /> : null}
    </Modal>
  );
}
