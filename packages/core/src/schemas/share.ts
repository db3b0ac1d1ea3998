import { z } from 'zod';
import { base64 } from './common.ts';

export const SHARE_TYPES = ['12-step-status', 'step-four-inventories', 'three-circles'] as const;
export type ShareType = (typeof SHARE_TYPES)[number];
export const SHARE_RETENTION_DAYS = 7;
export const MAX_SHARE_CIPHERTEXT = 3_000_000;
export const MAX_SHARES_PER_USER = 50;

/** 128-bit random ids, base64url without padding. */
export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Not a document id');

export const createShareBodySchema = z.object({
  share_name: z.string().trim().min(1).max(100),
  document_type: z.enum(SHARE_TYPES, { error: 'Unknown document type' }),
  /** The rendered document, encrypted in the browser with a fresh key that stays in the link's fragment. */
  html_content: base64(MAX_SHARE_CIPHERTEXT, { length: 24 }),
  /** The share key, encrypted under the owner's data key, so the owner's list can rebuild the link. */
  owner_key: base64(1000, { length: 24 }),
});
export type CreateShareBody = z.infer<typeof createShareBodySchema>;

export const shareDocumentSchema = z.object({
  id: z.string(),
  share_name: z.string(),
  document_type: z.enum(SHARE_TYPES),
  share_url: z.string(),
  owner_key: z.string(),
  /** Server UTC time without a zone; `formatShareCreated` reads it as UTC. */
  generation_date: z.string(),
  expire_date: z.string(),
});
export type ShareDocument = z.infer<typeof shareDocumentSchema>;

export const shareListSchema = z.object({ documents: z.array(shareDocumentSchema) });
export const deleteShareBodySchema = z.object({ document_id: shareIdSchema });

export const publicShareSchema = z.object({
  share_name: z.string(),
  document_type: z.enum(SHARE_TYPES),
  html_content: z.string(),
  expire_date: z.string(),
});
