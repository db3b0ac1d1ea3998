import type { VitalBody } from '@sam/core';

type Metric = {
  name: string;
  value: number;
  rating: VitalBody['rating'];
  id: string;
  navigationType?: string;
};

const NAMES = new Set<string>(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
const MAX_VALUE = 600_000;

/** A web-vitals metric as the server's VitalBody, within its limits; null for metrics it does not take. */
export function toVitalBody(metric: Metric, pathname: string): VitalBody | null {
  if (!NAMES.has(metric.name) || !Number.isFinite(metric.value)) return null;
  return {
    name: metric.name as VitalBody['name'],
    value: Math.min(Math.max(metric.value, 0), MAX_VALUE),
    rating: metric.rating,
    id: metric.id.slice(0, 100),
    page: pathname.slice(0, 200),
    ...(metric.navigationType ? { navigationType: metric.navigationType.slice(0, 40) } : {}),
  };
}
