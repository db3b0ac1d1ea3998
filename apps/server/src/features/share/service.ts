import { randomBytes } from 'node:crypto';
import {
  type CreateShareBody,
  MAX_SHARES_PER_USER,
  SHARE_RETENTION_DAYS,
  type ShareDocument,
  shareDocumentName,
} from '@sam/core';
import {
  countShareDocuments,
  deleteExpiredShareDocuments,
  deleteShareDocument,
  findShareDocument,
  insertShareDocument,
  listShareDocuments,
  type ShareDocumentRow,
} from '../../db/shareDocuments.ts';
import { lockUsers, type UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';
import { conflict, gone, notFound } from '../../http/errors.ts';

const DAY = 86_400_000;

export const SHARE_MESSAGES = {
  notFound: 'This document does not exist. It may have been deleted by its owner.',
  expired: 'This document has expired. Shared documents are kept for 7 days.',
  tooMany: `You can keep at most ${MAX_SHARES_PER_USER} shared documents. Delete one to make another.`,
  deleted: 'Document deleted successfully.',
} as const;

/** generation_date: server UTC time without a zone (the browser reads it as UTC). */
const utcWithoutZone = (ms: number) => new Date(ms).toISOString().slice(0, 19);

function toDocument(row: ShareDocumentRow): ShareDocument {
  return {
    id: row.id,
    share_name: row.share_name,
    document_type: row.document_type,
    share_url: `/s/${row.id}`,
    owner_key: row.owner_key,
    generation_date: utcWithoutZone(row.created_at),
    expire_date: new Date(row.expires_at).toISOString(),
  };
}

/** The server keeps only ciphertext; the key travels in the link's fragment, which browsers never send. */
export function createShareService(deps: AppDeps) {
  const { db, dialect } = deps;

  return {
    /**
     * The limit is counted in the transaction that writes, with the person's row locked on PostgreSQL, so
     * documents made together on several instances cannot pass it (SQLite writes one at a time anyway).
     */
    async create(user: UserRow, body: CreateShareBody): Promise<ShareDocument> {
      const now = deps.now();
      const row: ShareDocumentRow = {
        id: randomBytes(16).toString('base64url'),
        user_id: user.id,
        ...body,
        created_at: now,
        expires_at: now + SHARE_RETENTION_DAYS * DAY,
      };
      await db.transaction().execute(async (trx) => {
        await lockUsers(trx, dialect, [user.id]);
        if ((await countShareDocuments(trx, user.id, now)) >= MAX_SHARES_PER_USER) {
          throw conflict(SHARE_MESSAGES.tooMany, 'too_many_documents');
        }
        await insertShareDocument(trx, row);
      });
      return toDocument(row);
    },

    async list(user: UserRow): Promise<ShareDocument[]> {
      return (await listShareDocuments(db, user.id, deps.now())).map(toDocument);
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!(await deleteShareDocument(db, user.id, id))) throw notFound(SHARE_MESSAGES.notFound);
    },

    /** What a recipient's browser fetches: the ciphertext, without any account. */
    async open(id: string) {
      const row = await findShareDocument(db, id);
      if (!row) throw notFound(SHARE_MESSAGES.notFound);
      if (row.expires_at <= deps.now()) throw gone(SHARE_MESSAGES.expired);
      return {
        share_name: shareDocumentName(row.document_type),
        document_type: row.document_type,
        html_content: row.html_content,
        expire_date: new Date(row.expires_at).toISOString(),
      };
    },

    sweepExpired(): Promise<number> {
      return deleteExpiredShareDocuments(db, deps.now());
    },
  };
}
