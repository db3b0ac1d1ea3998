import type { KeepAsideBody, KeptAsideItem, KeyRecord, MessageReply, PutBackReply } from '@sam/core';
import { http } from '../../app/http.ts';

/** Earlier writing kept aside by "start over", and the earlier key records. The only place that builds their URLs. */
export const keptAsideApi = {
  list: async () => (await http.get<{ items: KeptAsideItem[] }>('/api/kept-aside')).items,
  keepAside: (body: KeepAsideBody) => http.post<KeptAsideItem>('/api/kept-aside', body),
  /** Only ciphertext travels: the same writing, encrypted again in this browser under the active key. */
  update: (id: string, encryptedData: string) =>
    http.put<KeptAsideItem>(`/api/kept-aside/${encodeURIComponent(id)}`, { encryptedData }),
  putBack: (id: string) => http.post<PutBackReply>(`/api/kept-aside/${encodeURIComponent(id)}/put-back`),
  remove: (id: string) => http.delete<MessageReply>(`/api/kept-aside/${encodeURIComponent(id)}`),
};

export const earlierKeysApi = {
  list: async (userId: string) =>
    (await http.get<{ keys: KeyRecord[] }>(`/api/user/keys/${encodeURIComponent(userId)}/inactive`)).keys,
};
