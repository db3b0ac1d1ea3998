import { z } from 'zod';
import { ROLES } from '../constants.ts';
import { emailSchema } from './common.ts';
import { FEEDBACK_TYPES } from './profile.ts';
import { VITAL_NAMES } from './vitals.ts';

export const USER_STATUSES = ['active', 'inactive', 'test'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ADMIN_MESSAGES = {
  adminsOnly: 'This page is for SAM admins only.',
  lastAdmin: 'SAM needs at least one admin: grant the role to someone else first.',
  notYourself: 'You cannot delete your own account from the admin dashboard.',
  deleteActive: 'Only inactive or test accounts can be deleted. Change the status first.',
  userNotFound: 'No account with that e-mail.',
  feedbackNotFound: 'No such feedback.',
} as const;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const adminFeedbackQuerySchema = pageQuerySchema.extend({
  reviewed: z.enum(['true', 'false']).optional(),
});

export const adminFeedbackItemSchema = z.object({
  id: z.number().int(),
  userEmail: z.string(),
  timestamp: z.string(),
  location: z.string(),
  type: z.enum(FEEDBACK_TYPES),
  feedbackText: z.string(),
  reviewed: z.boolean(),
  adminNotes: z.string().nullable(),
  deviceInfo: z.object({
    deviceType: z.string().optional(),
    browser: z.string().optional(),
    browserVersion: z.string().optional(),
    operatingSystem: z.string().optional(),
  }),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItemSchema>;

export const adminFeedbackListSchema = z.object({
  feedback: z.array(adminFeedbackItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const reviewFeedbackBodySchema = z.object({
  feedback_id: z.number().int().optional(),
  reviewed: z.boolean(),
  admin_notes: z.string().trim().max(2000).optional(),
});

export const adminUsersQuerySchema = pageQuerySchema.extend({
  status: z.enum(USER_STATUSES).optional(),
  search: z.string().trim().max(254).optional(),
});

export const adminUserSchema = z.object({
  email: z.string(),
  name: z.string(),
  status: z.enum(USER_STATUSES),
  emailVerified: z.boolean(),
  hasProfile: z.boolean(),
  isAdmin: z.boolean(),
  registrationDate: z.string(),
  lastLogin: z.string().nullable(),
  deactivated_at: z.string().nullable(),
  deactivation_reason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export const adminEmailParamsSchema = z.object({ email: emailSchema });
export const adminFeedbackParamsSchema = z.object({ id: z.coerce.number().int().min(1) });

export const userStatusBodySchema = z.object({
  user_id: z.string().max(254).optional(),
  status: z.enum(USER_STATUSES, { error: 'Status is active, inactive or test' }),
  deactivation_reason: z.string().trim().max(500).optional(),
});

export const userRoleBodySchema = z.object({ role: z.enum(ROLES, { error: 'Role is user or admin' }) });

const stepFigures = z.object({
  users_started: z.number(),
  users_in_progress: z.number(),
  users_completed: z.number(),
  average_days: z.number().nullable(),
});
const inventoryFigures = z.object({
  users_started: z.number(),
  users_completed: z.number(),
  avg_entries: z.number(),
  max_entries: z.number(),
});

export const metricsSchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  newUsersThisWeek: z.number(),
  newUsersThisMonth: z.number(),
  retentionRate: z.number(),
  returnUsers: z.number(),
  usersWithProgress: z.number(),
  stepAnalytics: z.record(z.string(), stepFigures),
  inventoryAnalytics: z.record(z.string(), inventoryFigures),
  usersCompletedAllInventories: z.number(),
  allInventoriesCompletedRate: z.number(),
  allInventoriesCompletedRateStep4: z.number(),
  usersWithCircles: z.number(),
  usersWithCheckIns: z.number(),
  usersCheckedInThisWeek: z.number(),
  webVitals: z.record(z.enum(VITAL_NAMES), z.object({ p75: z.number().nullable(), samples: z.number() })),
});
export type Metrics = z.infer<typeof metricsSchema>;
