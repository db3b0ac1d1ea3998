import { FALLBACK_VERSION_INFO, type VersionInfo } from '@sam/core';
import { useEffect, useState } from 'react';
import { whenIdle } from '../../app/whenIdle.ts';
import { fetchVersionInfo } from './api.ts';

/** Fetched once per page load, when the page is idle, and shared by the footer and the About dialog. */
let versionInfo: Promise<VersionInfo> | null = null;
let fetched: VersionInfo | null = null;

/**
 * The deployed version (GET /version-info.json): the fallback until it arrives. A plain hook rather than a
 * query: the footer shows it on every page, and visitors' pages do not load TanStack Query.
 */
export function useVersionInfo(): VersionInfo {
  // The first render of the page (hydrating the prerendered footer) always shows the fallback.
  const [info, setInfo] = useState(() => fetched ?? FALLBACK_VERSION_INFO);
  useEffect(() => {
    let current = true;
    // fetchVersionInfo never fails: on any error it gives the fallback.
    versionInfo ??= new Promise<void>((resolve) => whenIdle(() => resolve()))
      .then(() => fetchVersionInfo())
      .then((reply) => {
        fetched = reply;
        return reply;
      });
    void versionInfo.then((reply) => {
      if (current) setInfo(reply);
    });
    return () => {
      current = false;
    };
  }, []);
  return info;
}
