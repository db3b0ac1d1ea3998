import {
  adminFeedbackListSchema,
  adminUserListSchema,
  messageReplySchema,
  metricsSchema,
  STORAGE_KEYS,
  type UserStatus,
} from '@sam/core';
import { ApiError, http } from '../../app/http.ts';

export type FeedbackFilter = 'all' | 'unreviewed' | 'reviewed';
export type UsersQuery = { status: UserStatus | 'all'; search: string; page: number; pageSize: number };

export const FEEDBACK_PAGE_SIZE = 20;
export const USERS_PAGE_SIZE = 25;

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return search.toString();
};

const userPath = (email: string) => `/api/admin/users/${encodeURIComponent(email)}`;

/** The admin service. The only place that builds its URLs. */
export const adminApi = {
  feedback: (filter: FeedbackFilter, page: number) =>
    http.get(
      `/api/admin/feedback?${query({
        reviewed: filter === 'all' ? undefined : String(filter === 'reviewed'),
        page,
        pageSize: FEEDBACK_PAGE_SIZE,
      })}`,
      adminFeedbackListSchema,
    ),
  review: (id: number, adminNotes: string) =>
    http.post(`/api/admin/feedback/${id}/review`, messageReplySchema, {
      feedback_id: id,
      reviewed: true,
      admin_notes: adminNotes.trim() || undefined,
    }),
  metrics: () => http.get('/api/admin/metrics', metricsSchema),
  users: ({ status, search, page, pageSize }: UsersQuery) =>
    http.get(
      `/api/admin/users?${query({ status: status === 'all' ? undefined : status, search: search.trim(), page, pageSize })}`,
      adminUserListSchema,
    ),
  setStatus: (email: string, status: UserStatus, reason: string) =>
    http.put(`${userPath(email)}/status`, messageReplySchema, {
      user_id: email,
      status,
      deactivation_reason: reason.trim() || undefined,
    }),
  setRole: (email: string, role: 'user' | 'admin') =>
    http.put(`${userPath(email)}/role`, messageReplySchema, { role }),
  deleteUser: (email: string) => http.delete(userPath(email), messageReplySchema),
};

function fileNameFrom(disposition: string | null): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? `feedback-export-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/admin/feedback/export with the bearer token, saved through a Blob and a temporary
 * <a download> under the server's file name. Returns that name.
 */
export async function downloadFeedbackCsv(): Promise<string> {
  const token = localStorage.getItem(STORAGE_KEYS.authToken);
  const headers: Record<string, string> = { accept: 'text/csv' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch('/api/admin/feedback/export', { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'Network error', 'network_error');
  }
  if (!response.ok) throw new ApiError(response.status, '');
  const blob = await response.blob();
  const name = fileNameFrom(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
