// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';
import { reportWebVitals } from './reportWebVitals.ts';

// The library's observers need a real browser's performance entries: each hands its metric to the report.
const observers = vi.hoisted(() => new Map<string, (metric: Metric) => void>());
vi.mock('web-vitals', () => {
  const observe = (name: string) => (report: (metric: Metric) => void) => observers.set(name, report);
  return {
    onCLS: observe('CLS'),
    onFCP: observe('FCP'),
    onINP: observe('INP'),
    onLCP: observe('LCP'),
    onTTFB: observe('TTFB'),
  };
});

const metric = (name: Metric['name']) =>
  ({ name, value: 420, rating: 'good', id: `v5-${name}`, navigationType: 'navigate' }) as Metric;
const sentNames = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string).name);

describe('reportWebVitals', () => {
  let fetch: ReturnType<typeof vi.fn>;
  let visibility: DocumentVisibilityState;

  beforeEach(() => {
    fetch = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('requestIdleCallback', undefined);
    visibility = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.useFakeTimers();
    reportWebVitals();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends what a page in view measures once the page is idle, not while it is being drawn', async () => {
    observers.get('TTFB')?.(metric('TTFB'));
    observers.get('FCP')?.(metric('FCP'));
    expect(fetch).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(sentNames(fetch)).toEqual(['TTFB', 'FCP']);
  });

  it('sends at once what a page reports as it is hidden or closed', () => {
    visibility = 'hidden';
    observers.get('LCP')?.(metric('LCP'));
    observers.get('CLS')?.(metric('CLS'));
    expect(sentNames(fetch)).toEqual(['LCP', 'CLS']);
  });
});
