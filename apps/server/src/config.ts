import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

const envSchema = z.object({
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
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  WEB_DIST: z.string().default(defaultWebDist),
});

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
  trustProxy: boolean;
  webDist: string;
  rateLimits: RateLimits;
};

/** Limits of DESIGN.md §4; tests lower them to reach the edges quickly. */
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
