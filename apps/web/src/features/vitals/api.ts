import type { VitalBody } from '@sam/core';

/**
 * POST /api/vitals with keepalive, so a report sent while the page closes still arrives, and without the
 * account's token (reports are anonymous). A plain fetch rather than the app's client: the server answers
 * 204 with nothing to read, so a visitor's page loads no schema library for it.
 */
export async function sendVital(body: VitalBody): Promise<void> {
  await fetch('/api/vitals', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  });
}
