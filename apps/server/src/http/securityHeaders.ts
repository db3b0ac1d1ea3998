import type { FastifyInstance } from 'fastify';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  // SAM embeds no third-party page (no video): nothing may be framed.
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const ON_EVERY_REPLY = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/**
 * On every reply (README, "Security"); a route that sets its own policy (the API docs) keeps it. A callback
 * hook, not an async one: it runs on every reply, and a promise per reply is measurable under load.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    }
    reply.headers(ON_EVERY_REPLY);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    }
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
