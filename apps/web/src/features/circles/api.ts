import { circlesReplySchema, type SaveCirclesBody, saveCirclesReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

/** The circles routes. The only place that builds their URLs. */
export const circlesApi = {
  /** Every version, oldest first, as ciphertext. */
  list: async () => (await http.get('/api/circles', circlesReplySchema)).versions,
  /** A new version after `basedOn`; 409 when another save came first or the versions are full. */
  save: (body: SaveCirclesBody) => http.post('/api/circles', saveCirclesReplySchema, body),
};
