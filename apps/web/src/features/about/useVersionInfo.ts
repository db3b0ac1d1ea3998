import type { VersionInfo } from '@sam/core';
import { useQuery } from '@tanstack/react-query';
import { FALLBACK_VERSION_INFO, fetchVersionInfo } from './api.ts';

export function useVersionInfo(): VersionInfo {
  const { data } = useQuery({
    queryKey: ['version-info'],
    queryFn: fetchVersionInfo,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? FALLBACK_VERSION_INFO;
}
