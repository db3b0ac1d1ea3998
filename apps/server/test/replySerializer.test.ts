import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from '../src/http/replySerializer.ts';

const entrySchema = z.object({
  id: z.string(),
  note: z.string().nullable(),
  count: z.number().int(),
  done: z.boolean().optional(),
});
const kindSchema = z.union([
  z.object({ kind: z.literal('plain') }),
  z.object({ kind: z.literal('encrypted'), ciphertext: z.string() }),
]);

describe('reply serializer', () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  const reply = (url: string, schema: z.ZodType, data: unknown) =>
    app.get(url, { schema: { response: { 200: schema } } }, async () => data as never);

  beforeAll(async () => {
    reply('/entries', z.object({ entries: z.array(entrySchema), meta: z.record(z.string(), z.unknown()) }), {
      entries: [
        { id: 'a', note: null, count: 3, secret_column: 'never sent', done: undefined },
        { id: 'b', note: 'x "quoted" \u2028 line', count: 4, done: true },
      ],
      meta: { nested: { deep: [1, 'two', null] } },
      password_hash: 'never sent',
    });
    reply('/kinds', z.array(kindSchema), [
      { kind: 'plain', ciphertext: 'dropped: not in the plain branch' },
      { kind: 'encrypted', ciphertext: 'abc' },
    ]);
    reply('/dated', z.object({ at: z.date() }), { at: new Date(0) });
    reply('/missing', entrySchema, { id: 'a', count: 1 });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  it('writes exactly the fields the schema names, nested ones included', async () => {
    expect(await get('/entries')).toEqual({
      status: 200,
      body: {
        entries: [
          { id: 'a', note: null, count: 3 },
          { id: 'b', note: 'x "quoted" \u2028 line', count: 4, done: true },
        ],
        meta: { nested: { deep: [1, 'two', null] } },
      },
    });
  });

  it('writes each union member by its own branch', async () => {
    expect((await get('/kinds')).body).toEqual([{ kind: 'plain' }, { kind: 'encrypted', ciphertext: 'abc' }]);
  });

  it('keeps zod for a schema JSON Schema cannot express (a date)', async () => {
    expect(await get('/dated')).toEqual({ status: 200, body: { at: '1970-01-01T00:00:00.000Z' } });
  });

  it('refuses to write a reply that lacks a required field (500, not a half reply)', async () => {
    expect((await get('/missing')).status).toBe(500);
  });
});
