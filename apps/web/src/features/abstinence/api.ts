import { abstinenceReplySchema, type SaveAbstinenceBody, saveAbstinenceReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

/** The abstinence record's routes. The only place that builds their URLs. */
export const abstinenceApi = {
  get: () => http.get('/api/abstinence', abstinenceReplySchema),
  /** Only the ciphertext travels, with the revision it changed. */
  save: (body: SaveAbstinenceBody) => http.put('/api/abstinence', saveAbstinenceReplySchema, body),
};
