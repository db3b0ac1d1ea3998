import { FALLBACK_VERSION_INFO, readVersionInfo, type VersionInfo } from '@sam/core';

/**
 * GET /version-info.json; never fails: on any error, the fallback (version 0.1.2). Read with
 * readVersionInfo rather than the app's client and its schemas: every page's footer shows it, and a
 * visitor's page loads no schema library.
 */
export async function fetchVersionInfo(): Promise<VersionInfo> {
  try {
    const response = await fetch('/version-info.json', { headers: { accept: 'application/json' } });
    return (response.ok && readVersionInfo(await response.json())) || FALLBACK_VERSION_INFO;
  } catch {
    return FALLBACK_VERSION_INFO;
  }
}
