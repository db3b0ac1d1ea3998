import { describe, expect, it } from 'vitest';
import {
  barPercent,
  deleteRefusal,
  describeDevice,
  emailMismatchMessage,
  formatVital,
  inventoryRows,
  METRIC_FIGURES,
  METRIC_SECTION_DEFINITIONS,
  metricFigureValue,
  pageCount,
  statusReason,
  stepFunnel,
  typedEmailMatches,
} from './admin.ts';
import { type Metrics, metricsSchema } from './schemas/admin.ts';

describe('who an admin may delete', () => {
  it('only a non-active account that is not their own', () => {
    expect(deleteRefusal({ email: 'a@example.com', status: 'inactive' }, 'A@Example.com ')).toBe('yourself');
    expect(deleteRefusal({ email: 'b@example.com', status: 'active' }, 'a@example.com')).toBe('active');
    expect(deleteRefusal({ email: 'b@example.com', status: 'inactive' }, 'a@example.com')).toBeNull();
    expect(deleteRefusal({ email: 'b@example.com', status: 'test' }, 'a@example.com')).toBeNull();
  });

  it('keeps a reason with every status but active', () => {
    expect(statusReason('inactive', ' Asked to leave ')).toBe('Asked to leave');
    expect(statusReason('test', 'QA account')).toBe('QA account');
    expect(statusReason('test', '  ')).toBeNull();
    expect(statusReason('active', 'ignored')).toBeNull();
    expect(statusReason('inactive', undefined)).toBeNull();
  });
});

describe('typed e-mail confirmation', () => {
  it('matches trimmed and ignoring case', () => {
    expect(typedEmailMatches('  Sam@Example.COM ', 'sam@example.com')).toBe(true);
    expect(typedEmailMatches('sam@example.co', 'sam@example.com')).toBe(false);
    expect(typedEmailMatches('', 'sam@example.com')).toBe(false);
  });
  it('names the e-mail to type on mismatch', () => {
    expect(emailMismatchMessage('sam@example.com')).toBe(
      'Email does not match. Please enter: sam@example.com',
    );
  });
});

describe('paging and scaling', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
    expect(pageCount(5, 0)).toBe(1);
  });
  it('scales bars against the largest value', () => {
    expect(barPercent(5, 10)).toBe(50);
    expect(barPercent(10, 10)).toBe(100);
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(3, 0)).toBe(0);
    expect(barPercent(1, 3)).toBe(33);
  });
});

describe('metrics rows', () => {
  it('lists steps 1 to 12, missing ones as zero', () => {
    const rows = stepFunnel({
      step_1: { users_started: 4, users_in_progress: 1, users_completed: 3, average_days: 2.5 },
    });
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ step: 1, started: 4, inProgress: 1, completed: 3, averageDays: 2.5 });
    expect(rows[11]).toEqual({ step: 12, started: 0, inProgress: 0, completed: 0, averageDays: null });
  });
  it('lists the three inventories in order', () => {
    const rows = inventoryRows({
      fears: { users_started: 2, users_completed: 1, avg_entries: 3, max_entries: 5 },
    });
    expect(rows.map((r) => r.label)).toEqual(['Resentments', 'Fears', 'Harms']);
    expect(rows[1]).toMatchObject({ started: 2, completed: 1, avgEntries: 3, maxEntries: 5 });
    expect(rows[0]?.started).toBe(0);
  });
  it('formats web vitals', () => {
    expect(formatVital('CLS', 0.1234)).toBe('0.123');
    expect(formatVital('LCP', 2345.6)).toBe('2346 ms');
    expect(formatVital('INP', null)).toBe('No data');
  });
  it('describes a device', () => {
    expect(
      describeDevice({
        deviceType: 'Mobile',
        browser: 'Chrome',
        browserVersion: '120',
        operatingSystem: 'Android',
      }),
    ).toBe('Mobile · Chrome 120 · Android');
    expect(describeDevice({})).toBe('Unknown');
  });
});

describe('the key figures and what they mean', () => {
  it('explains every number the metrics reply has, once each', () => {
    const numbers = Object.entries(metricsSchema.shape)
      .filter(([, field]) => field.safeParse(1).success && !field.safeParse({}).success)
      .map(([key]) => key);
    expect(METRIC_FIGURES.map((f) => f.key).sort()).toEqual(numbers.sort());
    for (const figure of METRIC_FIGURES) {
      expect(figure.definition, figure.key).toMatch(/^[A-Z].{10,}\.$/);
    }
    for (const text of Object.values(METRIC_SECTION_DEFINITIONS)) expect(text).toMatch(/^[A-Z].{10,}\.$/);
  });

  it('shows percentages with their sign and counts as they are', () => {
    const metrics = { totalUsers: 150, retentionRate: 64.7 } as Metrics;
    const shown = METRIC_FIGURES.map((f) => [f.key, metricFigureValue(f, metrics)]);
    expect(shown).toContainEqual(['totalUsers', '150']);
    expect(shown).toContainEqual(['retentionRate', '64.7%']);
  });
});
