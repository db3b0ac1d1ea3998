import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/sam.db')
    .refine((url) => /^(sqlite:|postgres(ql)?:\/\/)/.test(url), 'must start with sqlite: or postgres://'),
  SMTP_URL: z.string().url('must be a URL such as smtp://user:pass@host:587').optional(),
  MAIL_FROM: z.string().default('SAM <no-reply@localhost>'),
  APP_ORIGIN: z.string().url().optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SERVER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === undefined) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be false, the number of proxies in front of SAM (1, 2, …), or their addresses or networks separated by commas (10.0.0.1,10.1.0.0/16); "true" would believe any X-Forwarded-For a client sends',
        });
        return z.NEVER;
      }
      return parsed;
    }),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  /** How often the housekeeping sweep (expired rate-limit windows, expired share documents) runs. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().min(1).max(86_400).default(3600),
  WEB_DIST: z.string().default(defaultWebDist),
});

/**
 * Which proxies' X-Forwarded-For to believe: none (false), the nearest `n` hops, or the listed addresses.
 * Only what a trusted proxy appended is used, so a client cannot choose the address it is limited by.
 */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') return undefined;
  const addresses = text.split(',').map((part) => part.trim());
  return addresses.every((a) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(a) && /[.:]/.test(a))
    ? addresses
    : undefined;
}

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  appOrigin: string;
  sessionTtlDays: number;
  logLevel: string;
  serverSecret: string | undefined;
  trustProxy: TrustProxy;
  /** The longest a request may take to arrive, body included; a slower one is cut off with 408. */
  requestTimeoutMs: number;
  sweepIntervalMs: number;
  webDist: string;
  rateLimits: RateLimits;
};

/** Rate limits (docs/features/abuse-proof-accounts.md); tests lower them to reach the edges quickly. */
export type RateLimits = {
  /** Requests to one auth route from one address per 15 minutes. */
  authPerIp: number;
  /** Failed logins for one account per 15 minutes. */
  loginFailuresPerAccount: number;
  /** Code e-mails (confirm, reset) per address per hour. */
  codeSendsPerHour: number;
  /** Wrong tries before a code is burnt. */
  codeWrongTries: number;
  /** Vitals reports from one address per minute. */
  vitalsPerIp: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SERVER_SECRET) {
    throw new Error(
      'Invalid configuration:\n  SERVER_SECRET: required in production. It keys the stored codes and must not live in the database; make one with `openssl rand -base64 48` and keep it out of backups of the database.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appOrigin: e.APP_ORIGIN ?? `http://localhost:${e.PORT}`,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    logLevel: e.LOG_LEVEL,
    serverSecret: e.SERVER_SECRET,
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    webDist: e.WEB_DIST,
    rateLimits: {
      authPerIp: e.AUTH_RATE_LIMIT_PER_IP,
      loginFailuresPerAccount: 10,
      codeSendsPerHour: 3,
      codeWrongTries: 5,
      vitalsPerIp: 120,
    },
  };
}
