import { type CreateShareBody, messageReplySchema, shareDocumentSchema, shareListSchema } from '@sam/core';
import { http } from '../../app/http.ts';

/** The sharing service. The only place that builds its URLs. */
export const shareApi = {
  list: () => http.get('/api/share/documents', shareListSchema),
  create: (body: CreateShareBody) => http.post('/api/share/documents', shareDocumentSchema, body),
  remove: (documentId: string) =>
    http.delete('/api/share/documents', messageReplySchema, { document_id: documentId }),
};
