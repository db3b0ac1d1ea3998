import {
  inactiveKeysReplySchema,
  type KeepAsideBody,
  keptAsideItemSchema,
  keptAsideListSchema,
  keptAsideToolsListSchema,
  messageReplySchema,
  putBackReplySchema,
  putBackToolsReplySchema,
} from '@sam/core';
import { http } from '../../app/http.ts';

/** Earlier writing kept aside by "start over", and the earlier key records. The only place that builds their URLs. */
export const keptAsideApi = {
  list: async () => (await http.get('/api/kept-aside', keptAsideListSchema)).items,
  keepAside: (body: KeepAsideBody) => http.post('/api/kept-aside', keptAsideItemSchema, body),
  /** Only ciphertext travels: the same writing, encrypted again in this browser under the active key. */
  update: (id: string, encryptedData: string) =>
    http.put(`/api/kept-aside/${encodeURIComponent(id)}`, keptAsideItemSchema, { encryptedData }),
  putBack: (id: string) =>
    http.post(`/api/kept-aside/${encodeURIComponent(id)}/put-back`, putBackReplySchema),
  remove: (id: string) => http.delete(`/api/kept-aside/${encodeURIComponent(id)}`, messageReplySchema),
};

/** The circles, abstinence dates and check-ins a clear or a restore kept aside. */
export const keptAsideToolsApi = {
  list: async () => (await http.get('/api/kept-aside/tools', keptAsideToolsListSchema)).items,
  putBack: (id: string) =>
    http.post(`/api/kept-aside/tools/${encodeURIComponent(id)}/put-back`, putBackToolsReplySchema),
  remove: (id: string) => http.delete(`/api/kept-aside/tools/${encodeURIComponent(id)}`, messageReplySchema),
};

export const earlierKeysApi = {
  list: async (userId: string) =>
    (await http.get(`/api/user/keys/${encodeURIComponent(userId)}/inactive`, inactiveKeysReplySchema)).keys,
};
