import { SHARE_GROUP, SHARE_MESSAGES, SHARE_OPTIONS, type ShareType } from '@sam/core';
import { useId, useState } from 'react';
import { ApiError } from '../../app/http.ts';
import { useServerQueryClient } from '../../app/serverState.tsx';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { Message, type Tone } from '../../ui/Message.tsx';
import { RequireDataKey, useDataCipher, useSession } from '../auth/index.ts';
import { shareApi } from './api.ts';
import { createShare } from './createShare.ts';
import { DocumentsTable } from './DocumentsTable.tsx';
import styles from './share.module.css';
import { type ListedDocument, shareListKey, useShareDocuments } from './useShareDocuments.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };
type Notice = { tone: Tone; text: string } | null;

const HELP = (
  <>
    <p>
      Choose a document and press Create. SAM writes it from your saved work and encrypts it on this device
      before it is stored, so only people who have its link can read it.
    </p>
    <p>
      Select the document's name in Available Documents to open it in a new tab. From there you can print it
      or save it as a PDF.
    </p>
    <p>
      To send it to your sponsor or someone you trust, press its Copy link button and paste the link into a
      message. The link holds the key that opens the document: anyone who has it can read it, so send it only
      to people you trust.
    </p>
    <p>Documents are deleted after 7 days. You can delete one sooner with its Delete button.</p>
  </>
);

function ShareBody() {
  const selectId = useId();
  const { user } = useSession();
  const { cipher } = useDataCipher();
  const dialogs = useDialogs();
  const queryClient = useServerQueryClient();
  const list = useShareDocuments();
  const [selected, setSelected] = useState<ShareType | ''>('');
  const [creating, setCreating] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: shareListKey(user?.id ?? null) });

  const create = async () => {
    if (!selected || !cipher) return;
    setCreating(true);
    setNotice(null);
    try {
      const result = await createShare(selected, cipher, user?.name ?? null);
      if (result.kind === 'nothing') {
        setNotice({ tone: 'info', text: result.message });
      } else {
        setNotice({ tone: 'success', text: SHARE_MESSAGES.created(result.name) });
        setSelected('');
        await reload();
      }
    } catch (error) {
      console.error('Could not create the shared document', error);
      setNotice({
        tone: 'danger',
        text:
          error instanceof ApiError && error.status === 409
            ? error.detail
            : 'The document could not be created. Please try again.',
      });
    } finally {
      setCreating(false);
    }
  };

  const remove = async (document: ListedDocument) => {
    const confirmed = await dialogs.confirm({
      title: 'Delete document',
      message: SHARE_MESSAGES.confirmDelete(document.share_name),
      variant: 'danger',
    });
    if (!confirmed) return;
    setDeletingId(document.id);
    setNotice(null);
    try {
      await shareApi.remove(document.id);
      setNotice({ tone: 'success', text: SHARE_MESSAGES.deleted });
      await reload();
    } catch (error) {
      console.error('Could not delete the shared document', error);
      setNotice({ tone: 'danger', text: SHARE_MESSAGES.deleteFailed });
    } finally {
      setDeletingId(null);
    }
  };

  return (
    <>
      <div className={styles.createRow}>
        <label htmlFor={selectId} className={styles.label}>
          Document to share
        </label>
        <select
          id={selectId}
          className={styles.select}
          value={selected}
          onChange={(event) => setSelected(event.target.value as ShareType | '')}
        >
          <option value="">{SHARE_MESSAGES.placeholder}</option>
          <optgroup label={SHARE_GROUP}>
            {SHARE_OPTIONS.map((o) => (
              <option key={o.type} value={o.type}>
                {o.label}
              </option>
            ))}
          </optgroup>
        </select>
        <div className={styles.buttons}>
          <Button onClick={() => void create()} disabled={!selected} busy={creating} busyLabel="Creating...">
            Create
          </Button>
          <Button
            variant="secondary"
            onClick={() => void dialogs.help({ title: SHARE_MESSAGES.helpTitle, content: HELP })}
          >
            Help
            <span className={styles.visuallyHidden}>: how sharing works</span>
          </Button>
        </div>
      </div>
      {notice ? <Message tone={notice.tone}>{notice.text}</Message> : null}
      <DocumentsTable
        documents={list.data}
        loading={list.isPending && list.fetchStatus !== 'idle'}
        deletingId={deletingId}
        onDelete={(d) => void remove(d)}
      />
    </>
  );
}

/** The Share modal: make encrypted read-only documents and manage their links. */
export function ShareDialog({ open, onOpenChange }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Share"
      description={SHARE_MESSAGES.subtitle}
      size="lg"
      footer={
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      }
    >
      <RequireDataKey>
        <ShareBody />
      </RequireDataKey>
    </Modal>
  );
}
