import { z } from 'zod';

export const healthReplySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['reachable', 'unreachable']),
});

export const versionInfoSchema = z.object({
  version: z.string(),
  buildDate: z.string(),
  lastDeployed: z.string(),
  gitBranch: z.string(),
  gitCommit: z.string(),
});
export type VersionInfo = z.infer<typeof versionInfoSchema>;
