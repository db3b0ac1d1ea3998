import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { whenIdle } from '../../app/whenIdle.ts';
import { sendVital } from './api.ts';
import { toVitalBody } from './toVitalBody.ts';

/**
 * Reports Core Web Vitals to our own server (never a third party); failures are ignored. A page still in
 * view sends when it is idle; one being hidden or closed sends at once, while it still can.
 */
export function reportWebVitals(): void {
  const report = (metric: Metric) => {
    const body = toVitalBody(metric, window.location.pathname);
    if (!body) return;
    const send = () => void sendVital(body).catch(() => undefined);
    if (document.visibilityState === 'hidden') send();
    else whenIdle(send);
  };
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
}
