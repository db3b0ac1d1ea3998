import { localCalendarDate, SHARE_OPTIONS, type ShareDocument, type ShareType } from '@sam/core';
import {
  createShareKey,
  type DataCipher,
  encryptShareDocument,
  SHARE_KEY_PLACE,
} from '../../crypto/index.ts';
import { shareApi } from './api.ts';
import { generateShareDocument } from './shareData.ts';

export type CreateResult =
  | { kind: 'created'; name: string; document: ShareDocument }
  | { kind: 'nothing'; message: string };

/**
 * Renders the document, encrypts it with a fresh share key and posts only the ciphertext plus the owner's
 * copy of the key encrypted under the data key, so the server never holds a key that opens the document
 * (docs/decisions/0021-the-key-hierarchy.md).
 */
export async function createShare(
  type: ShareType,
  cipher: DataCipher,
  owner: string | null,
): Promise<CreateResult> {
  const option = SHARE_OPTIONS.find((o) => o.type === type);
  if (!option) throw new Error(`Unknown document type ${type}`);
  const generated = await generateShareDocument(type, cipher, owner, localCalendarDate());
  if (generated.kind === 'nothing') return generated;
  const shareKey = createShareKey(globalThis.crypto);
  const document = await shareApi.create({
    share_name: option.name,
    document_type: type,
    html_content: await encryptShareDocument(globalThis.crypto, shareKey, generated.html),
    owner_key: await cipher.encrypt(shareKey, SHARE_KEY_PLACE),
  });
  return { kind: 'created', name: option.name, document };
}

/** The link a recipient opens: the key rides in the fragment, which browsers never send to a server. */
export async function shareLink(document: ShareDocument, cipher: DataCipher): Promise<string | null> {
  try {
    const shareKey = await cipher.decrypt(document.owner_key, SHARE_KEY_PLACE);
    if (typeof shareKey !== 'string') return null;
    return `${location.origin}${document.share_url}#${shareKey}`;
  } catch (error) {
    console.warn('Could not open the key of a shared document', error);
    return null;
  }
}
