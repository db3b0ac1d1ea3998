import {
  actionBodySchema,
  journeySchema,
  messageReplySchema,
  programBodySchema,
  progressListSchema,
  progressProgramSchema,
  statusBodySchema,
  stepDatesBodySchema,
  stepNumberSchema,
  stepRecordSchema,
  stepSaveBodySchema,
  stepSaveReplySchema,
  trackBodySchema,
} from '@sam/core';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { cachedReplies } from '../../http/cachedReply.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createProgressService, toStepSaveReply } from './service.ts';

/** A step's ciphertext is bounded by stepDataSchema; the body limit leaves room for the JSON around it. */
const STEP_BODY = 512 * 1024;

/**
 * A person's whole progress is read on every page of their journey; it changes only with step_progress.
 * 32 MB keeps about 350 people's twelve filled steps.
 */
const progressReplies = cachedReplies(['step_progress'], 32 * 1024 * 1024);

export function progressRoutes(app: ZodApp, deps: AppDeps): void {
  const progress = createProgressService(deps);
  const tags = ['progress'];

  app.get(
    '/api/progress',
    { config: { access: 'self' }, schema: { tags, response: { 200: progressListSchema } } },
    async (req, reply) => {
      const user = userOf(req);
      return progressReplies(deps.db, reply, user.id, async () => ({ progress: await progress.list(user) }));
    },
  );

  app.get(
    '/api/progress/journey',
    { config: { access: 'self' }, schema: { tags, response: { 200: journeySchema } } },
    async (req) => progress.journey(userOf(req)),
  );

  app.get(
    '/api/progress/:program',
    {
      config: { access: 'self' },
      schema: {
        tags,
        params: z.object({ program: progressProgramSchema }),
        response: { 200: progressListSchema },
      },
    },
    async (req) => ({ progress: await progress.list(userOf(req), req.params.program) }),
  );

  app.post(
    '/api/progress/program',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: programBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await progress.createProgram(userOf(req), req.body.program, req.body.program_description);
      return { message: 'Program ready' };
    },
  );

  app.post(
    '/api/progress/track',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: trackBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await progress.createTrack(userOf(req), req.body.program, req.body.track, req.body.track_description);
      return { message: 'Track ready' };
    },
  );

  app.post(
    '/api/progress/step',
    {
      config: { access: 'self' },
      bodyLimit: STEP_BODY,
      schema: { tags, body: stepSaveBodySchema, response: { 200: stepSaveReplySchema } },
    },
    async (req) => toStepSaveReply(await progress.saveStep(userOf(req), req.body)),
  );

  app.post(
    '/api/progress/action',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: actionBodySchema, response: { 200: stepRecordSchema } },
    },
    async (req) => progress.updateAction(userOf(req), req.body),
  );

  app.post(
    '/api/progress/status',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: { tags, body: statusBodySchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await progress.addStatus(userOf(req), req.body);
      return { message: 'Status recorded' };
    },
  );

  app.put(
    '/api/progress/step/:n/dates',
    {
      config: { access: 'self' },
      bodyLimit: SMALL_BODY,
      schema: {
        tags,
        params: z.object({ n: stepNumberSchema }),
        body: stepDatesBodySchema,
        response: { 200: stepRecordSchema },
      },
    },
    async (req) => {
      const { program, track, ...dates } = req.body;
      return progress.setDates(userOf(req), { program, track, step_number: req.params.n }, dates);
    },
  );
}
