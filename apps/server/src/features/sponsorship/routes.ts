import {
  AUDIT_LIST_DEFAULT_LIMIT,
  answerInvitationBodySchema,
  auditLogQuerySchema,
  auditLogReplySchema,
  auditLogRequestBodySchema,
  checkDuplicatesBodySchema,
  checkDuplicatesReplySchema,
  createInvitationBodySchema,
  emailChangeBodySchema,
  emailChangeReplySchema,
  emailSchema,
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
  sponsorshipIdSchema,
  sponsorshipStatsSchema,
  suggestionsBodySchema,
  suggestionsReplySchema,
  updateRelationshipBodySchema,
  validateInvitationBodySchema,
  validateInvitationReplySchema,
} from '@sam/core';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { optionalSession } from '../../http/authenticate.ts';
import { HttpError } from '../../http/errors.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createSponsorshipService } from './service.ts';

const BASE = '/api/sponsorship';

/** Invitations between sponsor and sponsee, the relationships they start, and their audit log. */
export function sponsorshipRoutes(app: ZodApp, deps: AppDeps): void {
  const sponsorship = createSponsorshipService(deps);
  const tags = ['sponsorship'];
  const invitationParams = z.object({ id: sponsorshipIdSchema });
  const relationshipParams = z.object({ id: relationshipIdSchema });
  const small = { bodyLimit: SMALL_BODY };

  // Invitations.
  app.post(
    `${BASE}/invitations`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: createInvitationBodySchema, response: { 200: invitationSchema } },
    },
    async (req) => sponsorship.create(userOf(req), req.body, req.ip),
  );

  app.get(
    `${BASE}/invitations`,
    {
      config: { access: 'self' },
      schema: { tags, querystring: invitationListQuerySchema, response: { 200: invitationListSchema } },
    },
    async (req) => ({ invitations: await sponsorship.list(userOf(req), req.query) }),
  );

  // The invite page reads this with the token alone (no account needed). Tokens and e-mails are longer
  // than the router's 100-character limit for a named parameter, so these two take the rest of the path.
  app.get(
    `${BASE}/invitations/token/*`,
    {
      config: { access: 'public' },
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
      config: { access: 'self' },
      schema: {
        tags,
        params: z.object({ '*': emailSchema }),
        response: { 200: invitationListSchema },
      },
    },
    async (req) => ({ invitations: await sponsorship.pendingFor(userOf(req), req.params['*']) }),
  );

  app.get(
    `${BASE}/invitations/:id`,
    {
      config: { access: 'self' },
      schema: { tags, params: invitationParams, response: { 200: invitationSchema } },
    },
    async (req) => sponsorship.get(userOf(req), req.params.id),
  );

  app.put(
    `${BASE}/invitations/:id/answer`,
    {
      config: { access: 'self' },
      ...small,
      schema: {
        tags,
        params: invitationParams,
        body: answerInvitationBodySchema,
        response: { 200: respondReplySchema },
      },
    },
    async (req) => sponsorship.answer(userOf(req), req.params.id, req.body),
  );

  app.put(
    `${BASE}/invitations/:id/cancel`,
    {
      config: { access: 'self' },
      schema: { tags, params: invitationParams, response: { 200: invitationSchema } },
    },
    async (req) => sponsorship.cancel(userOf(req), req.params.id),
  );

  app.put(
    `${BASE}/invitations/:id/resend`,
    {
      config: { access: 'self' },
      schema: { tags, params: invitationParams, response: { 200: invitationSchema } },
    },
    async (req) => sponsorship.resend(userOf(req), req.params.id, req.ip),
  );

  app.put(
    `${BASE}/invitations/:id/link-user`,
    {
      config: { access: 'self' },
      ...small,
      schema: {
        tags,
        params: invitationParams,
        body: linkUserBodySchema,
        response: { 200: invitationSchema },
      },
    },
    async (req) => sponsorship.linkUser(userOf(req), req.params.id, req.body.userId),
  );

  app.post(
    `${BASE}/invitations/check-duplicates`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: checkDuplicatesBodySchema, response: { 200: checkDuplicatesReplySchema } },
    },
    async (req) => sponsorship.checkDuplicates(userOf(req), req.body),
  );

  app.post(
    `${BASE}/invitations/history`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: invitationHistoryBodySchema, response: { 200: invitationListSchema } },
    },
    async (req) => ({ invitations: await sponsorship.history(userOf(req), req.body) }),
  );

  app.post(
    `${BASE}/invitations/validate`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: validateInvitationBodySchema, response: { 200: validateInvitationReplySchema } },
    },
    async (req) => sponsorship.validate(userOf(req), req.body),
  );

  app.post(
    `${BASE}/invitations/suggestions`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: suggestionsBodySchema, response: { 200: suggestionsReplySchema } },
    },
    async (req) => ({ suggestions: await sponsorship.suggestions(userOf(req), req.body) }),
  );

  app.post(
    `${BASE}/invitations/report`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: reportBodySchema, response: { 200: reportReplySchema } },
    },
    async (req) => sponsorship.report(userOf(req), req.body, req.ip),
  );

  // Declining needs only the token; accepting needs the invitee signed in.
  app.post(
    `${BASE}/invitations/respond`,
    {
      config: { access: 'public' },
      ...small,
      schema: { tags, body: respondBodySchema, response: { 200: respondReplySchema } },
    },
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
      config: { access: 'self' },
      schema: { tags, querystring: relationshipListQuerySchema, response: { 200: relationshipListSchema } },
    },
    async (req) => ({ relationships: await sponsorship.listRelationships(userOf(req), req.query) }),
  );

  app.get(
    `${BASE}/relationships/:id`,
    {
      config: { access: 'self' },
      schema: { tags, params: relationshipParams, response: { 200: relationshipSchema } },
    },
    async (req) => sponsorship.getRelationship(userOf(req), req.params.id),
  );

  app.put(
    `${BASE}/relationships/:id`,
    {
      config: { access: 'self' },
      ...small,
      schema: {
        tags,
        params: relationshipParams,
        body: updateRelationshipBodySchema,
        response: { 200: relationshipSchema },
      },
    },
    async (req) => sponsorship.updateRelationship(userOf(req), req.params.id, req.body.displayName),
  );

  app.put(
    `${BASE}/relationships/:id/end`,
    {
      config: { access: 'self' },
      ...small,
      schema: {
        tags,
        params: relationshipParams,
        body: endRelationshipBodySchema,
        response: { 200: relationshipSchema },
      },
    },
    async (req) => sponsorship.endRelationship(userOf(req), req.params.id, req.body.reason),
  );

  // Account-level helpers.
  app.post(
    `${BASE}/email-change`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: emailChangeBodySchema, response: { 200: emailChangeReplySchema } },
    },
    async (req) => sponsorship.emailChange(userOf(req), req.body),
  );

  app.post(
    `${BASE}/rate-limit/check`,
    {
      config: { access: 'self' },
      ...small,
      schema: { tags, body: rateLimitCheckBodySchema, response: { 200: rateLimitCheckReplySchema } },
    },
    async (req) => sponsorship.checkLimit(req.body.action, userOf(req), req.ip),
  );

  app.post(
    `${BASE}/audit/log`,
    {
      config: { access: 'self' },
      ...small,
      schema: {
        tags,
        description:
          'Writes or reads the caller’s sponsorship audit log. ' +
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
    async (req) => sponsorship.auditLog(userOf(req), req.body, req.query.limit, req.ip),
  );

  app.get(
    `${BASE}/stats`,
    { config: { access: 'self' }, schema: { tags, response: { 200: sponsorshipStatsSchema } } },
    async (req) => sponsorship.stats(userOf(req)),
  );
}
