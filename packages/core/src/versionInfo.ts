import { FALLBACK_VERSION } from './constants.ts';

/** The fields of GET /version-info.json (written by the web build), each a string. */
export const VERSION_INFO_FIELDS = [
  'version',
  'buildDate',
  'lastDeployed',
  'gitBranch',
  'gitCommit',
] as const;
export type VersionInfo = Record<(typeof VERSION_INFO_FIELDS)[number], string>;

/** What the server answers and the footer shows when the build's version info cannot be read. */
export const FALLBACK_VERSION_INFO: VersionInfo = {
  version: FALLBACK_VERSION,
  buildDate: '',
  lastDeployed: '',
  gitBranch: 'unknown',
  gitCommit: 'unknown',
};

/**
 * The version info in `value` (its fields only), or null when one is missing or not a string: what
 * versionInfoSchema accepts, in plain code, because the footer of every page reads it and a visitor's page
 * loads no schema library.
 */
export function readVersionInfo(value: unknown): VersionInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const info: Partial<VersionInfo> = {};
  for (const field of VERSION_INFO_FIELDS) {
    const text = (value as Record<string, unknown>)[field];
    if (typeof text !== 'string') return null;
    info[field] = text;
  }
  return info as VersionInfo;
}
