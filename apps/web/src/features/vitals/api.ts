import type { VitalBody } from '@sam/core';
import { z } from 'zod';
import { request } from '../../app/http.ts';

/** The server answers a report with 204 and no body: there is nothing to read. */
const noReply = z.unknown();

/**
 * POST /api/vitals without the account's token (reports are anonymous), with keepalive, so a report sent
 * while the page closes still arrives.
 */
export async function sendVital(body: VitalBody): Promise<void> {
  await request('/api/vitals', noReply, { method: 'POST', body, keepalive: true, anonymous: true });
}
