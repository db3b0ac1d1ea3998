import {
  entryCountText,
  INVENTORY_LABELS,
  type InventoryVersionInfo,
  MAX_EARLIER_INVENTORY_VERSIONS,
} from '@sam/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import styles from './csvImport.module.css';
import {
  useEarlierVersionList,
  useEarlierVersions,
  type WholeInventoryToolProps,
} from './earlierVersions.ts';
import { setUndoOffer, useUndoOffer } from './undoOffer.ts';

export type EarlierVersionsProps = WholeInventoryToolProps;

/** Long enough to read the two sentences of a restore's notice. */
const RESTORED_NOTICE_MS = 8000;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * The Undo offer after an import, and the collapsible list of earlier versions (kept before each import or
 * restore) with Restore and Delete.
 */
export function EarlierVersions({ type, entries, completed, disabled, apply, notify }: EarlierVersionsProps) {
  const dialogs = useDialogs();
  const label = INVENTORY_LABELS[type];
  const offer = useUndoOffer(type);
  const [open, setOpen] = useState(false);
  const list = useEarlierVersionList(type, open);
  const versions = useEarlierVersions(type);
  const [working, setWorking] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const summaryRef = useRef<HTMLElement>(null);

  // The offer is about the inventory the import left; once it changes or this tab closes, it goes.
  const current = offer !== null && offer.entries === entries;
  useEffect(() => () => setUndoOffer(type, null), [type]);
  useEffect(() => {
    if (offer && offer.entries !== entries) setUndoOffer(type, null);
  }, [offer, entries, type]);
  // A new import's offer replaces what went wrong last time.
  useEffect(() => {
    if (offer) setFailure(null);
  }, [offer]);

  /** The button pressed is gone once it worked; focus goes where the kept versions are. */
  const done = (text: string) => {
    notify('success', text, RESTORED_NOTICE_MS);
    requestAnimationFrame(() => summaryRef.current?.focus());
  };
  const failed = (text: string) => {
    setFailure(text);
    requestAnimationFrame(() => failureRef.current?.focus());
  };

  const restore = async (version: string | null, successText: string) => {
    setWorking(version ?? 'undo');
    setFailure(null);
    try {
      await versions.restore(version, { entries: [...entries], completed }, apply);
      setUndoOffer(type, null);
      done(successText);
    } catch (e) {
      console.warn('Restore failed', e);
      failed(
        `Your inventory has not changed. ${errorMessage(e, 'The earlier version could not be restored. Please try again.')}`,
      );
    } finally {
      setWorking(null);
    }
  };

  const onDelete = async (item: InventoryVersionInfo) => {
    const yes = await dialogs.confirm({
      title: 'Delete this earlier version?',
      message: `The version of your ${label} inventory kept on ${when(item.updated_at)} (${entryCountText(item.entry_count)}) will be deleted. This cannot be undone. Your inventory as it is now does not change.`,
      variant: 'danger',
      confirmText: 'Delete',
      cancelText: 'Cancel',
    });
    if (!yes) return;
    setWorking(item.version);
    setFailure(null);
    try {
      await versions.remove(item.version);
      if (offer?.keptVersion === item.version) setUndoOffer(type, null);
      done('The earlier version was deleted.');
    } catch (e) {
      failed(errorMessage(e, 'The earlier version could not be deleted. Please try again.'));
    } finally {
      setWorking(null);
    }
  };

  const busy = disabled || working !== null;
  const items = list.data ?? [];

  return (
    <div className={styles.versions}>
      {offer && current ? (
        <Message tone="info">
          <span className={styles.offer}>
            {offer.keptVersion
              ? 'Your inventory as it was before this import is kept under “Earlier versions”.'
              : 'Your inventory was empty before this import.'}{' '}
            <Button
              variant="secondary"
              size="sm"
              busy={working === 'undo'}
              busyLabel="Undoing…"
              disabled={busy}
              onClick={() =>
                void restore(
                  offer.keptVersion,
                  'The import is undone: your inventory is back as it was. What the import made is kept under “Earlier versions”.',
                )
              }
            >
              Undo import
            </Button>
          </span>
        </Message>
      ) : null}
      {failure ? (
        <div ref={failureRef} tabIndex={-1} className={styles.outcome}>
          <Message tone="danger">{failure}</Message>
        </div>
      ) : null}
      <details className={styles.details} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary ref={summaryRef} className={styles.summary}>
          Earlier versions
        </summary>
        <div className={styles.detailsBody}>
          <p className={styles.hint}>
            Before an import or a restore changes your {label} inventory, SAM keeps it here, encrypted like
            everything else. It keeps up to {MAX_EARLIER_INVENTORY_VERSIONS}.
          </p>
          {list.isPending && open ? <p className={styles.hint}>Loading earlier versions…</p> : null}
          {list.isError ? (
            <Message tone="danger">
              {errorMessage(list.error, 'Earlier versions could not be loaded.')}
            </Message>
          ) : null}
          {list.isSuccess && items.length === 0 ? (
            <p className={styles.hint}>No earlier versions yet.</p>
          ) : null}
          {items.length > 0 ? (
            <ul className={styles.versionList} aria-label={`Earlier versions of your ${label} inventory`}>
              {items.map((item) => {
                const kept = when(item.updated_at);
                return (
                  <li key={item.version} className={styles.version}>
                    <span className={styles.versionText}>
                      Kept {kept}: {entryCountText(item.entry_count)}
                      {item.completed ? ', marked complete' : ''}
                    </span>
                    <span className={styles.versionButtons}>
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Restore the version kept ${kept}`}
                        disabled={busy}
                        busy={working === item.version}
                        onClick={() =>
                          void restore(
                            item.version,
                            `Your inventory is back as it was on ${kept}. The version it replaced is kept under “Earlier versions”.`,
                          )
                        }
                      >
                        Restore
                      </Button>
                      <Button
                        variant="danger"
                        size="sm"
                        aria-label={`Delete the version kept ${kept}`}
                        disabled={busy}
                        onClick={() => void onDelete(item)}
                      >
                        Delete
                      </Button>
                    </span>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {items.length >= MAX_EARLIER_INVENTORY_VERSIONS ? (
            <Message tone="warning">
              This inventory has {MAX_EARLIER_INVENTORY_VERSIONS} earlier versions, the most SAM keeps. Delete
              one before your next import or restore.
            </Message>
          ) : null}
        </div>
      </details>
    </div>
  );
}
