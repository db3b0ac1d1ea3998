import { z } from 'zod';
import type { VersionInfo } from '../versionInfo.ts';

export const healthReplySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['reachable', 'unreachable']),
});

/** GET /version-info.json (the same fields as VersionInfo; the web reads it with readVersionInfo). */
export const versionInfoSchema = z.object({
  version: z.string(),
  buildDate: z.string(),
  lastDeployed: z.string(),
  gitBranch: z.string(),
  gitCommit: z.string(),
}) satisfies z.ZodType<VersionInfo>;
