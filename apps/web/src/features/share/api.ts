import type { CreateShareBody, ShareDocument } from '@sam/core';
import { http } from '../../app/http.ts';

/** The sharing service (spec part 2 §7). The only place that builds its URLs. */
export const shareApi = {
  list: () => http.get<{ documents: ShareDocument[] }>('/api/share/documents'),
  create: (body: CreateShareBody) => http.post<ShareDocument>('/api/share/documents', body),
  remove: (documentId: string) =>
    http.delete<{ message: string }>('/api/share/documents', { document_id: documentId }),
};
