import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config.ts';
import type { DatabaseHandle } from './db/index.ts';
import { ensureServerSecret } from './db/settings.ts';
import type { AppDeps } from './deps.ts';
import { abstinenceRoutes } from './features/abstinence/routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { backupRoutes } from './features/backup/routes.ts';
import { bindingRoutes } from './features/binding/routes.ts';
import { checkInsRoutes } from './features/checkIns/routes.ts';
import { circlesRoutes } from './features/circles/routes.ts';
import { emailChangeRoutes } from './features/emailChange/routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { identityKeyRoutes } from './features/identityKey/routes.ts';
import { inventoryRoutes } from './features/inventory/routes.ts';
import { keptAsideRoutes } from './features/keptAside/routes.ts';
import { keysRoutes } from './features/keys/routes.ts';
import { metaRoutes } from './features/meta/routes.ts';
import { notificationRoutes } from './features/notifications/routes.ts';
import { preferencesRoutes } from './features/preferences/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { progressRoutes } from './features/progress/routes.ts';
import { sessionsRoutes } from './features/sessions/routes.ts';
import { shareRoutes } from './features/share/routes.ts';
import { sponsorSpaceRoutes } from './features/sponsorSpace/routes.ts';
import { sponsorshipRoutes } from './features/sponsorship/routes.ts';
import { vitalsRoutes } from './features/vitals/routes.ts';
import { enforceRouteAccess } from './http/access.ts';
import { clientErrorReply, frameworkErrorReply, registerErrorHandling } from './http/errors.ts';
import { RateLimiter } from './http/rateLimit.ts';
import { replySerializerCompiler } from './http/replySerializer.ts';
import { logAbortedRequests, OneLinePerRequest, requestSerializers } from './http/requestLog.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { logDestination } from './logDestination.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createOutbox } from './mail/outbox.ts';
import { registerWebApp } from './web.ts';

export type BuildOptions = {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
};

/** A hop count trusts only the nearest proxies: the address a client wrote in the header is never used. */
function trustProxyOption(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: requestSerializers,
      stream: logDestination(),
    },
    logController: new OneLinePerRequest(),
    trustProxy: trustProxyOption(config.trustProxy),
    // A body trickled in byte by byte must not hold a connection for ever; the check runs often enough
    // for the limit to mean what it says.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs,
    http: {
      // Node reads the request timeout when the server is made, so it is given here as well.
      requestTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, config.requestTimeoutMs / 4)),
    },
    clientErrorHandler: clientErrorReply,
    bodyLimit: 256 * 1024,
    frameworkErrors: frameworkErrorReply,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  // The API speaks JSON only; anything else is refused with 415.
  app.removeContentTypeParser('text/plain');

  const now = options.now ?? Date.now;
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  const outbox = createOutbox({ db: database.db, dialect: database.dialect, mailer, now, log: app.log });
  const secret = await ensureServerSecret(database.db, config.serverSecret);
  const deps: AppDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    mailer,
    outbox,
    limiter: new RateLimiter(database.db, now, secret),
    secret,
    now,
  };

  outbox.start();
  app.addHook('onClose', () => outbox.stop());

  registerErrorHandling(app);
  logAbortedRequests(app);
  registerSecurityHeaders(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'SAM API', version: '0.1.2' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // No page may be framed (against clickjacking), the docs included; swagger-ui's own policy allows 'self'.
    transformStaticCSP: (policy) => policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"),
  });

  const declaredRoutes = enforceRouteAccess(app, deps);
  authRoutes(app, deps);
  sessionsRoutes(app, deps);
  keysRoutes(app, deps);
  bindingRoutes(app, deps);
  emailChangeRoutes(app, deps);
  vitalsRoutes(app, deps);
  progressRoutes(app, deps);
  preferencesRoutes(app, deps);
  inventoryRoutes(app, deps);
  keptAsideRoutes(app, deps);
  identityKeyRoutes(app, deps);
  sponsorSpaceRoutes(app, deps);
  notificationRoutes(app, deps);
  circlesRoutes(app, deps);
  abstinenceRoutes(app, deps);
  checkInsRoutes(app, deps);
  backupRoutes(app, deps);
  profileRoutes(app, deps);
  feedbackRoutes(app, deps);
  const share = shareRoutes(app, deps);
  sponsorshipRoutes(app, deps);
  adminRoutes(app, deps);
  metaRoutes(app, deps);
  await registerWebApp(app, config.webDist);

  return { app, deps, sweeps: { share }, declaredRoutes };
}
