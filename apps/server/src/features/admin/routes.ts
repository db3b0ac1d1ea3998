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
import type { AppDeps } from '../../deps.ts';
import { userOf } from '../../http/access.ts';
import { SMALL_BODY, type ZodApp } from '../../http/types.ts';
import { createAdminService } from './service.ts';

export function adminRoutes(app: ZodApp, deps: AppDeps): void {
  const admin = createAdminService(deps);
  const tags = ['admin'];
  const small = { bodyLimit: SMALL_BODY };

  app.get(
    '/api/admin/feedback',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: adminFeedbackQuerySchema, response: { 200: adminFeedbackListSchema } },
    },
    async (req) => {
      const { reviewed, page, pageSize } = req.query;
      return admin.feedback(reviewed === undefined ? undefined : reviewed === 'true', { page, pageSize });
    },
  );

  app.post(
    '/api/admin/feedback/:id/review',
    {
      config: { access: 'admin' },
      ...small,
      schema: {
        tags,
        params: adminFeedbackParamsSchema,
        body: reviewFeedbackBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await admin.review(userOf(req), req.params.id, req.body.reviewed, req.body.admin_notes);
      return { message: 'Feedback updated' };
    },
  );

  app.get(
    '/api/admin/feedback/export',
    { config: { access: 'admin' }, schema: { tags } },
    async (req, reply) => {
      const csv = await admin.exportFeedback(userOf(req));
      const date = new Date(deps.now()).toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="feedback-export-${date}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/api/admin/metrics',
    { config: { access: 'admin' }, schema: { tags, response: { 200: metricsSchema } } },
    async (req) => {
      userOf(req);
      return admin.metrics();
    },
  );

  app.get(
    '/api/admin/users',
    {
      config: { access: 'admin' },
      schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } },
    },
    async (req) => {
      const { status, search, page, pageSize } = req.query;
      return admin.users({ status, search }, { page, pageSize });
    },
  );

  app.put(
    '/api/admin/users/:email/status',
    {
      config: { access: 'admin' },
      ...small,
      schema: {
        tags,
        params: adminEmailParamsSchema,
        body: userStatusBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await admin.setStatus(userOf(req), req.params.email, req.body.status, req.body.deactivation_reason);
      return { message: 'Status updated' };
    },
  );

  app.put(
    '/api/admin/users/:email/role',
    {
      config: { access: 'admin' },
      ...small,
      schema: {
        tags,
        params: adminEmailParamsSchema,
        body: userRoleBodySchema,
        response: { 200: messageReplySchema },
      },
    },
    async (req) => {
      await admin.setRole(userOf(req), req.params.email, req.body.role);
      return { message: 'Role updated' };
    },
  );

  app.delete(
    '/api/admin/users/:email',
    {
      config: { access: 'admin' },
      schema: { tags, params: adminEmailParamsSchema, response: { 200: messageReplySchema } },
    },
    async (req) => {
      await admin.deleteUser(userOf(req), req.params.email);
      return { message: 'User deleted' };
    },
  );
}
