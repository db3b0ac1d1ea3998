import { formatShareCreated, SHARE_MESSAGES } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { CopyLink } from './CopyLink.tsx';
import styles from './share.module.css';
import type { ListedDocument } from './useShareDocuments.ts';

type Props = {
  documents: readonly ListedDocument[] | undefined;
  loading: boolean;
  deletingId: string | null;
  onDelete: (document: ListedDocument) => void;
};

/** 'Available Documents': a table on wide screens, one card per document on a phone. */
export function DocumentsTable({ documents, loading, deletingId, onDelete }: Props) {
  return (
    <section aria-labelledby="share-documents-heading">
      <h3 id="share-documents-heading" className={styles.heading}>
        Available Documents
      </h3>
      {loading ? (
        <p className={styles.note} role="status">
          {SHARE_MESSAGES.loading}
        </p>
      ) : !documents || documents.length === 0 ? (
        <p className={styles.note}>{SHARE_MESSAGES.empty}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Document</th>
              <th scope="col">Create Date</th>
              <th scope="col">Expire Date</th>
              <th scope="col">
                <span className={styles.visuallyHidden}>Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((d) => (
              <tr key={d.id}>
                <td data-label="Document" className={styles.name}>
                  {d.link ? (
                    <>
                      <a href={d.link} target="_blank" rel="noopener noreferrer">
                        {d.share_name}
                        <span className={styles.visuallyHidden}> (opens in a new tab)</span>
                      </a>
                      <CopyLink link={d.link} name={d.share_name} />
                    </>
                  ) : (
                    <>
                      {d.share_name} <span className={styles.muted}>(link unavailable)</span>
                    </>
                  )}
                </td>
                <td data-label="Create Date">{formatShareCreated(d.generation_date)}</td>
                <td data-label="Expire Date">{formatShareCreated(d.expire_date)}</td>
                <td className={styles.actions}>
                  <Button
                    variant="danger"
                    size="sm"
                    busy={deletingId === d.id}
                    onClick={() => onDelete(d)}
                    aria-label={`Delete ${d.share_name}, created ${formatShareCreated(d.generation_date)}`}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
