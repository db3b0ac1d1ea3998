import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { sendVital } from './api.ts';
import { toVitalBody } from './toVitalBody.ts';

/** Reports Core Web Vitals to our own server (never a third party); failures are ignored. */
export function reportWebVitals(): void {
  const report = (metric: Metric) => {
    const body = toVitalBody(metric, window.location.pathname);
    if (body) sendVital(body).catch(() => undefined);
  };
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
}
