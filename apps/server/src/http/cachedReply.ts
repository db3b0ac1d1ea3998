import type { FastifyReply } from 'fastify';
import { exactCaches, type TableName } from '../db/exactCache.ts';
import type { Db } from '../db/index.ts';

/**
 * Replies to a read, kept serialized per user while none of `tables` has been written in a way that may
 * change that user's rows (db/exactCache.ts, SQLite only: another person's step save leaves the entry): a
 * repeated read of unchanged data runs no query and no serializer, which is most of the work of a reply of
 * ciphertexts. The bytes are the route's own serializer's, so the reply is the one the route would have
 * written; the route's hooks (headers, log) run as for any reply. `maxBytes` bounds the kept replies per
 * database.
 */
export function cachedReplies(tables: readonly TableName[], maxBytes: number) {
  const caches = exactCaches<Buffer>(tables, {
    maxEntries: 10_000,
    maxBytes,
    bytesOf: (body) => (body as Buffer).length,
    keysAreUserIds: true,
  });
  /** The reply of `read`, or undefined once a kept one has been sent. */
  return async <T>(
    db: Db,
    reply: FastifyReply,
    userId: string,
    read: () => Promise<T>,
  ): Promise<T | undefined> => {
    const cache = caches(db);
    if (!cache) return read();
    // The route's serializer writes a string (http/replySerializer.ts).
    const body = await cache.get(userId, async () => Buffer.from(reply.serialize(await read()) as string));
    reply.type('application/json; charset=utf-8').send(body);
    return undefined;
  };
}
