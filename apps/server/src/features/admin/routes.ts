import {
  adminEmailParamsSchema,
  adminFeedbackListSchema,
  adminFeedbackParamsSchema,
  adminFeedbackQuerySchema,
  adminUserListSchema,
  adminUsersQuerySchema,
  messageReplySchema,
  metricsSchema,
  reviewFeedbackBodySchema,
  userRoleBodySchema,
  userStatusBodySchema,
} from '@sam/core';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { requireSession } from '../../http/authenticate.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createAdminService } from './service.ts';

export function adminRoutes(app: ZodApp, deps: AppDeps): void {
  const admin = createAdminService(deps);
  const tags = ['admin'];
  const small = { bodyLimit: SMALL_BODY };

  /** 401 without a usable token, 403 for a signed-in user who is not an admin. */
  async function requireAdmin(req: FastifyRequest) {
    const { user } = await requireSession(deps, req);
    admin.requireAdmin(user);
    return user;
  }

  app.get(
    '/api/admin/feedback',
    { schema: { tags, querystring: adminFeedbackQuerySchema, response: { 200: adminFeedbackListSchema } } },
    async (req) => {
      await requireAdmin(req);
      const { reviewed, page, pageSize } = req.query;
      return admin.feedback(reviewed === undefined ? undefined : reviewed === 'true', { page, pageSize });
    },
  );

  app.post(
    '/api/admin/feedback/:id/review',
    {
      ...small,
      schema: {
        tags,
        params: adminFeedbackParamsSchema,
        body: reviewFeedbackBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await admin.review(await requireAdmin(req), req.params.id, req.body.reviewed, req.body.admin_notes);
      return { message: 'Feedback updated' };
    },
  );

  app.get('/api/admin/feedback/export', { schema: { tags } }, async (req, reply) => {
    const csv = await admin.exportFeedback(await requireAdmin(req));
    const date = new Date(deps.now()).toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="feedback-export-${date}.csv"`)
      .send(csv);
  });

  app.get('/api/admin/metrics', { schema: { tags, response: { 200: metricsSchema } } }, async (req) => {
    await requireAdmin(req);
    return admin.metrics();
  });

  app.get(
    '/api/admin/users',
    { schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } } },
    async (req) => {
      await requireAdmin(req);
      const { status, search, page, pageSize } = req.query;
      return admin.users({ status, search }, { page, pageSize });
    },
  );

  app.put(
    '/api/admin/users/:email/status',
    {
      ...small,
      schema: {
        tags,
        params: adminEmailParamsSchema,
        body: userStatusBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await admin.setStatus(
        await requireAdmin(req),
        req.params.email,
        req.body.status,
        req.body.deactivation_reason,
      );
      return { message: 'Status updated' };
    },
  );

  app.put(
    '/api/admin/users/:email/role',
    {
      ...small,
      schema: {
        tags,
        params: adminEmailParamsSchema,
        body: userRoleBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await admin.setRole(await requireAdmin(req), req.params.email, req.body.role);
      return { message: 'Role updated' };
    },
  );

  app.delete(
    '/api/admin/users/:email',
    { schema: { tags, params: adminEmailParamsSchema, response: { 200: messageReplySchema } } },
    async (req) => {
      await admin.deleteUser(await requireAdmin(req), req.params.email);
      return { message: 'User deleted' };
    },
  );
}
