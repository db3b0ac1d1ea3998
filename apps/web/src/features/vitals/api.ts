import type { VitalBody } from '@sam/core';
import { request } from '../../app/http.ts';

/**
 * POST /api/vitals without the account's token (reports are anonymous), with keepalive, so a report sent
 * while the page closes still arrives.
 */
export function sendVital(body: VitalBody): Promise<void> {
  return request<void>('/api/vitals', { method: 'POST', body, keepalive: true, anonymous: true });
}
