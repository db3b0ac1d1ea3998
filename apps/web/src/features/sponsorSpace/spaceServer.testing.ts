import type {
  CreateSpaceKeyBody,
  IdentityKeyRecord,
  RotateSpaceBody,
  SpaceComment,
  SpaceItem,
  SpaceItemKey,
  SpaceReply,
} from '@sam/core';
import {
  createDataCipher,
  createDataKey,
  createIdentityKey,
  type DataCipher,
  type IdentityKey,
} from '../../crypto/index.ts';
import { type Handler, Reply } from '../../testing/fakeServer.ts';
import { TEST_USER } from '../../testing/renderWithProviders.tsx';
import { type OpenedSpace, openSpace, verificationRecord } from './spaceSession.ts';

export const SPACE_ID = 'relationshipAAAAAAAAAA';

/** The other person of the space, with a real key pair, in a browser of their own. */
export async function partner(id = 'partner-1') {
  const cipher = createDataCipher(globalThis.crypto, await createDataKey(globalThis.crypto), id);
  const made = await createIdentityKey(cipher);
  return { id, cipher, identity: made.identity, record: made.record };
}

type Member = { id: string; identity: IdentityKey | null };

/**
 * The sponsor space routes as the server keeps them, in memory, for the test's signed-in person
 * (TEST_USER) as `role`, and the partner: what is stored is only what the browsers sent.
 */
export function spaceRoutes(role: 'sponsee' | 'sponsor', other: Member, partnerName = 'Sam') {
  let myKey: IdentityKeyRecord | null = null;
  const state = {
    generation: null as number | null,
    keys: new Map<string, { enc: string; wrappedKey: string }>(),
    /** The sponsee's record of the key the current generation was sealed to. */
    sealRecord: null as string | null,
    items: new Map<SpaceItemKey, SpaceItem>(),
    comments: [] as SpaceComment[],
    verification: null as string | null,
  };
  const otherRole = role === 'sponsee' ? 'sponsor' : 'sponsee';
  const reply = (): SpaceReply => ({
    relationshipId: SPACE_ID,
    status: 'active',
    role,
    me: { userId: TEST_USER.id, publicKey: myKey?.publicKey ?? null },
    partner: { userId: other.id, displayName: partnerName, publicKey: other.identity?.publicKey ?? null },
    generation: state.generation,
    wrappedKey: state.keys.get(TEST_USER.id) ?? null,
    sealRecord: role === 'sponsee' ? state.sealRecord : null,
    verification: state.verification,
    rotationDue: false,
    items: [...state.items.values()],
    comments: state.comments,
  });
  const routes: Record<string, Handler> = {
    'GET /api/user/identity-key': () => ({ identityKey: myKey }),
    'PUT /api/user/identity-key': ({ body }) => {
      myKey = body as IdentityKeyRecord;
      return { identityKey: myKey };
    },
    'GET /api/sponsorship/spaces': () => ({
      spaces: [
        {
          relationshipId: SPACE_ID,
          role,
          partnerName,
          itemCount: state.items.size,
          unreadCount: [...state.items.values()].filter((i) => i.unread).length,
          lastUpdatedAt: null,
        },
      ],
    }),
    'GET /api/sponsorship/spaces/:id': () => reply(),
    'POST /api/sponsorship/spaces/:id/key': ({ body }) => {
      const { generation, keys, record } = body as CreateSpaceKeyBody;
      state.generation = generation;
      state.sealRecord = record;
      for (const k of keys) state.keys.set(k.userId, { enc: k.enc, wrappedKey: k.wrappedKey });
      return reply();
    },
    'POST /api/sponsorship/spaces/:id/rotate': ({ body }) => {
      const { generation, keys, record, items, comments } = body as RotateSpaceBody;
      state.generation = generation;
      state.sealRecord = record ?? null;
      state.keys.clear();
      for (const k of keys) state.keys.set(k.userId, { enc: k.enc, wrappedKey: k.wrappedKey });
      for (const i of items) {
        const item = state.items.get(i.itemKey);
        if (item) state.items.set(i.itemKey, { ...item, generation, ciphertext: i.ciphertext });
      }
      state.comments = state.comments.map((c) => ({
        ...c,
        generation,
        ciphertext: comments.find((m) => m.id === c.id)?.ciphertext ?? c.ciphertext,
      }));
      return reply();
    },
    'PUT /api/sponsorship/spaces/:id/items/:itemKey': ({ params, body }) => {
      const { generation, ciphertext } = body as { generation: number; ciphertext: string };
      const itemKey = params.itemKey as SpaceItemKey;
      state.items.set(itemKey, {
        itemKey,
        generation,
        ciphertext,
        updatedAt: new Date().toISOString(),
        reviewedAt: null,
        unread: false,
      });
      return reply();
    },
    'DELETE /api/sponsorship/spaces/:id/items/:itemKey': ({ params }) => {
      if (!state.items.delete(params.itemKey as SpaceItemKey))
        return new Reply(404, { detail: 'Not shared' });
      return { message: 'Stopped sharing.' };
    },
    'POST /api/sponsorship/spaces/:id/items/:itemKey/comments': ({ params, body }) => {
      const { generation, ciphertext } = body as { generation: number; ciphertext: string };
      state.comments.push({
        id: `c${state.comments.length + 1}`,
        itemKey: params.itemKey as SpaceItemKey,
        author: role,
        generation,
        ciphertext,
        createdAt: new Date().toISOString(),
      });
      return reply();
    },
    'POST /api/sponsorship/spaces/:id/items/:itemKey/review': ({ params }) => {
      const item = state.items.get(params.itemKey as SpaceItemKey);
      if (item) item.reviewedAt = new Date().toISOString();
      return reply();
    },
    'POST /api/sponsorship/spaces/:id/items/:itemKey/read': ({ params }) => {
      const item = state.items.get(params.itemKey as SpaceItemKey);
      if (item) item.unread = false;
      return reply();
    },
    'PUT /api/sponsorship/spaces/:id/verification': ({ body }) => {
      state.verification = (body as { ciphertext: string }).ciphertext;
      return reply();
    },
  };
  /** The test's person accepts the partner's key as compared (the sponsee's browser then seals the space). */
  const acceptPartner = async (cipher: DataCipher) => {
    state.verification = await verificationRecord(cipher, reply(), true);
  };
  /** What the partner's browser opens of the space, as the server would answer them. */
  const partnerOpens = (them: { cipher: DataCipher; identity: IdentityKey }): Promise<OpenedSpace> => {
    const mine = reply();
    const theirs: SpaceReply = {
      ...mine,
      role: otherRole,
      me: { userId: other.id, publicKey: them.identity.publicKey },
      partner: { userId: TEST_USER.id, displayName: 'You', publicKey: myKey?.publicKey ?? null },
      wrappedKey: state.keys.get(other.id) ?? null,
      sealRecord: null,
      verification: null,
    };
    const api = {
      get: async () => theirs,
      createKey: async () => theirs,
      rotate: async () => theirs,
    };
    return openSpace(them.identity, them.cipher, theirs, api);
  };
  return {
    routes,
    state,
    otherRole,
    acceptPartner,
    partnerOpens,
    setMyKey: (record: IdentityKeyRecord) => (myKey = record),
  };
}
