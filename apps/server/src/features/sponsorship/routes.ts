import {
  AUDIT_LIST_DEFAULT_LIMIT,
  auditLogQuerySchema,
  auditLogReplySchema,
  auditLogRequestBodySchema,
  checkDuplicatesBodySchema,
  checkDuplicatesReplySchema,
  createInvitationBodySchema,
  emailChangeBodySchema,
  emailChangeReplySchema,
  endRelationshipBodySchema,
  invitationHistoryBodySchema,
  invitationListQuerySchema,
  invitationListSchema,
  invitationSchema,
  invitationTokenSchema,
  linkUserBodySchema,
  publicInvitationSchema,
  rateLimitCheckBodySchema,
  rateLimitCheckReplySchema,
  relationshipIdSchema,
  relationshipListQuerySchema,
  relationshipListSchema,
  relationshipSchema,
  reportBodySchema,
  reportReplySchema,
  respondBodySchema,
  respondReplySchema,
  sponsorshipEmailSchema,
  sponsorshipIdSchema,
  sponsorshipStatsSchema,
  suggestionsBodySchema,
  suggestionsReplySchema,
  updateRelationshipBodySchema,
  validateInvitationBodySchema,
  validateInvitationReplySchema,
} from '@sam/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { optionalSession, sessionUser } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createSponsorshipService } from './service.ts';

const BASE = '/api/sponsorship';

/** Spec part 2 §7 "Sponsorship", under /api/sponsorship (DESIGN.md §4). */
export function sponsorshipRoutes(app: ZodApp, deps: AppDeps): void {
  const sponsorship = createSponsorshipService(deps);
  const tags = ['sponsorship'];
  const user = (req: FastifyRequest) => sessionUser(deps, req);
  const invitationParams = z.object({ id: sponsorshipIdSchema });
  const relationshipParams = z.object({ id: relationshipIdSchema });
  const small = { bodyLimit: SMALL_BODY };

  // Invitations.
  app.post(
    `${BASE}/invitations`,
    { ...small, schema: { tags, body: createInvitationBodySchema, response: { 200: invitationSchema } } },
    async (req) => sponsorship.create(await user(req), req.body, req.ip),
  );

  app.get(
    `${BASE}/invitations`,
    { schema: { tags, querystring: invitationListQuerySchema, response: { 200: invitationListSchema } } },
    async (req) => ({ invitations: await sponsorship.list(await user(req), req.query) }),
  );

  // The invite page reads this with the token alone (no account needed). Tokens and e-mails are longer
  // than the router's 100-character limit for a named parameter, so these two take the rest of the path.
  app.get(
    `${BASE}/invitations/token/*`,
    {
      schema: {
        tags,
        params: z.object({ '*': invitationTokenSchema }),
        response: { 200: publicInvitationSchema },
      },
    },
    async (req) => sponsorship.byToken(req.params['*'], req.ip),
  );

  app.get(
    `${BASE}/invitations/pending/*`,
    {
      schema: {
        tags,
        params: z.object({ '*': sponsorshipEmailSchema }),
        response: { 200: invitationListSchema },
      },
    },
    async (req) => ({ invitations: await sponsorship.pendingFor(await user(req), req.params['*']) }),
  );

  app.get(
    `${BASE}/invitations/:id`,
    { schema: { tags, params: invitationParams, response: { 200: invitationSchema } } },
    async (req) => sponsorship.get(await user(req), req.params.id),
  );

  app.put(
    `${BASE}/invitations/:id/cancel`,
    { schema: { tags, params: invitationParams, response: { 200: invitationSchema } } },
    async (req) => sponsorship.cancel(await user(req), req.params.id),
  );

  app.put(
    `${BASE}/invitations/:id/resend`,
    { schema: { tags, params: invitationParams, response: { 200: invitationSchema } } },
    async (req) => sponsorship.resend(await user(req), req.params.id, req.ip),
  );

  app.put(
    `${BASE}/invitations/:id/link-user`,
    {
      ...small,
      schema: {
        tags,
        params: invitationParams,
        body: linkUserBodySchema,
        response: { 200: invitationSchema },
      },
    },
    async (req) => sponsorship.linkUser(await user(req), req.params.id, req.body.userId),
  );

  app.post(
    `${BASE}/invitations/check-duplicates`,
    {
      ...small,
      schema: { tags, body: checkDuplicatesBodySchema, response: { 200: checkDuplicatesReplySchema } },
    },
    async (req) => sponsorship.checkDuplicates(await user(req), req.body),
  );

  app.post(
    `${BASE}/invitations/history`,
    {
      ...small,
      schema: { tags, body: invitationHistoryBodySchema, response: { 200: invitationListSchema } },
    },
    async (req) => ({ invitations: await sponsorship.history(await user(req), req.body) }),
  );

  app.post(
    `${BASE}/invitations/validate`,
    {
      ...small,
      schema: { tags, body: validateInvitationBodySchema, response: { 200: validateInvitationReplySchema } },
    },
    async (req) => sponsorship.validate(await user(req), req.body),
  );

  app.post(
    `${BASE}/invitations/suggestions`,
    { ...small, schema: { tags, body: suggestionsBodySchema, response: { 200: suggestionsReplySchema } } },
    async (req) => ({ suggestions: await sponsorship.suggestions(await user(req), req.body) }),
  );

  app.post(
    `${BASE}/invitations/report`,
    { ...small, schema: { tags, body: reportBodySchema, response: { 200: reportReplySchema } } },
    async (req) => sponsorship.report(await user(req), req.body, req.ip),
  );

  // Declining needs only the token; accepting needs the invitee signed in.
  app.post(
    `${BASE}/invitations/respond`,
    { ...small, schema: { tags, body: respondBodySchema, response: { 200: respondReplySchema } } },
    async (req) => {
      // A stale session in the browser must not stop a visitor from declining with the token.
      const session = await optionalSession(deps, req).catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 401) return undefined;
        throw error;
      });
      return sponsorship.respond(session?.user, req.body, req.ip);
    },
  );

  // Relationships.
  app.get(
    `${BASE}/relationships`,
    {
      schema: { tags, querystring: relationshipListQuerySchema, response: { 200: relationshipListSchema } },
    },
    async (req) => ({ relationships: await sponsorship.listRelationships(await user(req), req.query) }),
  );

  app.get(
    `${BASE}/relationships/:id`,
    { schema: { tags, params: relationshipParams, response: { 200: relationshipSchema } } },
    async (req) => sponsorship.getRelationship(await user(req), req.params.id),
  );

  app.put(
    `${BASE}/relationships/:id`,
    {
      ...small,
      schema: {
        tags,
        params: relationshipParams,
        body: updateRelationshipBodySchema,
        response: { 200: relationshipSchema },
      },
    },
    async (req) => sponsorship.updateRelationship(await user(req), req.params.id, req.body.displayName),
  );

  app.put(
    `${BASE}/relationships/:id/end`,
    {
      ...small,
      schema: {
        tags,
        params: relationshipParams,
        body: endRelationshipBodySchema,
        response: { 200: relationshipSchema },
      },
    },
    async (req) => sponsorship.endRelationship(await user(req), req.params.id, req.body.reason),
  );

  // Account-level helpers.
  app.post(
    `${BASE}/email-change`,
    { ...small, schema: { tags, body: emailChangeBodySchema, response: { 200: emailChangeReplySchema } } },
    async (req) => sponsorship.emailChange(await user(req), req.body),
  );

  app.post(
    `${BASE}/rate-limit/check`,
    {
      ...small,
      schema: { tags, body: rateLimitCheckBodySchema, response: { 200: rateLimitCheckReplySchema } },
    },
    async (req) => sponsorship.checkLimit(req.body.action, await user(req), req.ip),
  );

  app.post(
    `${BASE}/audit/log`,
    {
      ...small,
      schema: {
        tags,
        description:
          'Writes or reads the caller’s sponsorship audit log (spec part 2 §7: POST /audit/log). ' +
          'A body with `action` writes one entry ({action, details, timestamp}) and answers {message}. ' +
          'A JSON body without `action` (`{}` or `{userId}`) reads the caller’s newest entries, at most ' +
          `\`?limit=\` (1-200, default ${AUDIT_LIST_DEFAULT_LIMIT}), and answers {entries}. \`userId\`, when ` +
          'sent, must be the caller (their id or e-mail): anyone else is refused with 403. `action` together ' +
          'with `?limit=` or `userId` is refused with 400.',
        querystring: auditLogQuerySchema,
        body: auditLogRequestBodySchema,
        response: { 200: auditLogReplySchema },
      },
    },
    async (req) => sponsorship.auditLog(await user(req), req.body, req.query.limit, req.ip),
  );

  app.get(`${BASE}/stats`, { schema: { tags, response: { 200: sponsorshipStatsSchema } } }, async (req) =>
    sponsorship.stats(await user(req)),
  );
}
