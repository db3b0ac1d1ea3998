import { FALLBACK_VERSION, type VersionInfo } from '@sam/core';
import { http } from '../../app/http.ts';

export const FALLBACK_VERSION_INFO: VersionInfo = {
  version: FALLBACK_VERSION,
  buildDate: '',
  lastDeployed: '',
  gitBranch: 'unknown',
  gitCommit: 'unknown',
};

/** GET /version-info.json; never fails: the fallback version is 0.1.2. */
export async function fetchVersionInfo(): Promise<VersionInfo> {
  try {
    const info = await http.get<unknown>('/version-info.json');
    return isVersionInfo(info) ? info : FALLBACK_VERSION_INFO;
  } catch {
    return FALLBACK_VERSION_INFO;
  }
}

/**
 * The footer reads this on every first load, so it is checked by hand rather than with the zod schema,
 * which would put zod into the first page load.
 */
function isVersionInfo(value: unknown): value is VersionInfo {
  if (typeof value !== 'object' || value === null) return false;
  const fields: (keyof VersionInfo)[] = ['version', 'buildDate', 'lastDeployed', 'gitBranch', 'gitCommit'];
  return fields.every((field) => typeof (value as Record<string, unknown>)[field] === 'string');
}
