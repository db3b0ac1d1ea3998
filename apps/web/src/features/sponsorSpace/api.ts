import {
  type CreateSpaceKeyBody,
  identityKeyReplySchema,
  messageReplySchema,
  type PutIdentityKeyBody,
  type RotateSpaceBody,
  type SpaceItemKey,
  spaceListReplySchema,
  spaceReplySchema,
} from '@sam/core';
import { http } from '../../app/http.ts';

const space = (relationshipId: string) => `/api/sponsorship/spaces/${encodeURIComponent(relationshipId)}`;
const item = (relationshipId: string, itemKey: SpaceItemKey) => `${space(relationshipId)}/items/${itemKey}`;

/** The identity key and sponsor space routes. The only place that builds their URLs. */
export const sponsorSpaceApi = {
  identityKey: async () => (await http.get('/api/user/identity-key', identityKeyReplySchema)).identityKey,
  putIdentityKey: async (body: PutIdentityKeyBody) =>
    (await http.put('/api/user/identity-key', identityKeyReplySchema, body)).identityKey,
  list: async () => (await http.get('/api/sponsorship/spaces', spaceListReplySchema)).spaces,
  get: (relationshipId: string) => http.get(space(relationshipId), spaceReplySchema),
  createKey: (relationshipId: string, body: CreateSpaceKeyBody) =>
    http.post(`${space(relationshipId)}/key`, spaceReplySchema, body),
  putItem: (relationshipId: string, itemKey: SpaceItemKey, generation: number, ciphertext: string) =>
    http.put(item(relationshipId, itemKey), spaceReplySchema, { generation, ciphertext }),
  stopSharing: (relationshipId: string, itemKey: SpaceItemKey) =>
    http.delete(item(relationshipId, itemKey), messageReplySchema),
  comment: (relationshipId: string, itemKey: SpaceItemKey, generation: number, ciphertext: string) =>
    http.post(`${item(relationshipId, itemKey)}/comments`, spaceReplySchema, { generation, ciphertext }),
  review: (relationshipId: string, itemKey: SpaceItemKey) =>
    http.post(`${item(relationshipId, itemKey)}/review`, spaceReplySchema),
  markRead: (relationshipId: string, itemKey: SpaceItemKey) =>
    http.post(`${item(relationshipId, itemKey)}/read`, spaceReplySchema),
  verify: (relationshipId: string, ciphertext: string) =>
    http.put(`${space(relationshipId)}/verification`, spaceReplySchema, { ciphertext }),
  rotate: (relationshipId: string, body: RotateSpaceBody) =>
    http.post(`${space(relationshipId)}/rotate`, spaceReplySchema, body),
};
