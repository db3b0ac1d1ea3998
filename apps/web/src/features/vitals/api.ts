import type { VitalBody } from '@sam/core';
import { request } from '../../app/http.ts';

/** POST /api/vitals with keepalive, so a report sent while the page closes still arrives. */
export function sendVital(body: VitalBody): Promise<void> {
  return request<void>('/api/vitals', { method: 'POST', body, keepalive: true });
}
