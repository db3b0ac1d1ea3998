import { FALLBACK_VERSION, type VersionInfo, versionInfoSchema } from '@sam/core';
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
    return await http.get('/version-info.json', versionInfoSchema);
  } catch {
    return FALLBACK_VERSION_INFO;
  }
}
