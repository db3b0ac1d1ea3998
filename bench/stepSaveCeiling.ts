// The step save's ceiling: a bare Fastify route that stores the body's step with SAM's own database layer
// (the same statement, group commit and WAL sync as SAM) and nothing else: no session, no schema, no rules,
// no log line. What a first save could reach if everything SAM does around the statement cost nothing.
import type { StepSaveBody } from '@sam/core';
import Fastify from 'fastify';
import { openDatabase } from '../apps/server/src/db/index.ts';
import { saveStepProgress } from '../apps/server/src/db/stepProgress.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl?.startsWith('sqlite:')) throw new Error('DATABASE_URL: a sqlite: database');
const database = openDatabase(databaseUrl, { backgroundCheckpoints: true });

const app = Fastify({ bodyLimit: 512 * 1024 });
app.get('/', async () => ({ ready: true }));
// The body is SAM's step save, not checked; the person is named by the `x-user-id` header.
app.post<{ Body: StepSaveBody; Headers: { 'x-user-id': string } }>('/', async (req) => {
  const { program, track, step_number, step_title, data } = req.body;
  const now = Date.now();
  const stored = await saveStepProgress(
    database.db,
    {
      user_id: req.headers['x-user-id'],
      program,
      track,
      step_number,
      step_title: step_title || `Step ${step_number}`,
      completed: 0,
      actions: '[]',
      encrypted_data: data.encryptedData ?? null,
      encrypted: 1,
      started_at: now,
      completed_at: null,
      updated_at: now,
    },
    false,
  );
  return { step_number: stored.step_number, updated_at: stored.updated_at };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
