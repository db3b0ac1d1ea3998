import type { Metrics, UserStatus } from './schemas/admin.ts';

/** Every failure message and empty state of the admin dashboard. */
export const ADMIN_UI_MESSAGES = {
  loadFeedback: 'Failed to load feedback data',
  loadMetrics: 'Failed to load metrics data',
  loadUsers: 'Failed to load users data',
  exportFeedback: 'Failed to export feedback',
  updateStatus: 'Failed to update user status',
  updateRole: 'Failed to update user role',
  reviewFeedback: 'Failed to mark feedback as reviewed',
  deleteUser: 'Failed to delete user',
  noFeedback: 'No feedback submissions found.',
  noMetrics: 'No metrics data available.',
  noUsers: 'No users found.',
  noActiveUsers: 'No active users found.',
} as const;

/** Why an admin may not delete an account, or null when they may: only a non-active account that is not their own. */
export function deleteRefusal(
  target: { email: string; status: UserStatus },
  adminEmail: string,
): 'yourself' | 'active' | null {
  if (typedEmailMatches(target.email, adminEmail)) return 'yourself';
  if (target.status === 'active') return 'active';
  return null;
}

/** The reason kept with a status: any status but active keeps the one given (a test account's too). */
export function statusReason(status: UserStatus, reason: string | undefined): string | null {
  return status === 'active' ? null : reason?.trim() || null;
}

/** The delete dialog's check: the typed e-mail equals the account's, trimmed and ignoring case. */
export function typedEmailMatches(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** Shown under the typed e-mail when it does not match. */
export function emailMismatchMessage(email: string): string {
  return `Email does not match. Please enter: ${email}`;
}

/** How many pages a list of `total` rows has at `pageSize` a page (at least one). */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A bar's length as a whole percentage of the largest value (0 when nothing to compare). */
export function barPercent(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0;
  return Math.min(100, Math.round((value / max) * 100));
}

export type FunnelRow = {
  step: number;
  started: number;
  inProgress: number;
  completed: number;
  averageDays: number | null;
};

/** The per-step funnel for steps 1 to 12; a step the server left out counts as zero. */
export function stepFunnel(stepAnalytics: Metrics['stepAnalytics']): FunnelRow[] {
  return Array.from({ length: 12 }, (_, i) => {
    const figures = stepAnalytics[`step_${i + 1}`];
    return {
      step: i + 1,
      started: figures?.users_started ?? 0,
      inProgress: figures?.users_in_progress ?? 0,
      completed: figures?.users_completed ?? 0,
      averageDays: figures?.average_days ?? null,
    };
  });
}

export const INVENTORY_KINDS = ['resentments', 'fears', 'harms'] as const;

export type InventoryRow = {
  kind: (typeof INVENTORY_KINDS)[number];
  label: string;
  started: number;
  completed: number;
  avgEntries: number;
  maxEntries: number;
};

const INVENTORY_LABELS = { resentments: 'Resentments', fears: 'Fears', harms: 'Harms' } as const;

/** The three Step Four inventories in a fixed order; a missing one counts as zero. */
export function inventoryRows(inventoryAnalytics: Metrics['inventoryAnalytics']): InventoryRow[] {
  return INVENTORY_KINDS.map((kind) => {
    const figures = inventoryAnalytics[kind];
    return {
      kind,
      label: INVENTORY_LABELS[kind],
      started: figures?.users_started ?? 0,
      completed: figures?.users_completed ?? 0,
      avgEntries: figures?.avg_entries ?? 0,
      maxEntries: figures?.max_entries ?? 0,
    };
  });
}

/** A key figure of the metrics: a number of accounts, or a percentage. */
export type MetricFigure = {
  key:
    | 'totalUsers'
    | 'activeUsers'
    | 'newUsersThisWeek'
    | 'newUsersThisMonth'
    | 'returnUsers'
    | 'retentionRate'
    | 'usersWithProgress'
    | 'usersCompletedAllInventories'
    | 'allInventoriesCompletedRate'
    | 'allInventoriesCompletedRateStep4'
    | 'usersWithCircles'
    | 'usersWithCheckIns'
    | 'usersCheckedInThisWeek';
  label: string;
  percent: boolean;
  /** What the figure counts, in the words the Metrics tab shows beside it. */
  definition: string;
};

/**
 * The key figures of the Metrics tab in order, each with what it means: the one place these definitions
 * live (the table of `GET /api/admin/metrics` in docs/operating.md says the same of each field). "Now" is when the
 * figures were read.
 */
export const METRIC_FIGURES: readonly MetricFigure[] = [
  { key: 'totalUsers', label: 'Total users', percent: false, definition: 'All accounts.' },
  {
    key: 'activeUsers',
    label: 'Active users (30 days)',
    percent: false,
    definition: 'Accounts that signed in during the last 30 days.',
  },
  {
    key: 'newUsersThisWeek',
    label: 'New this week',
    percent: false,
    definition: 'Accounts created in the last 7 days.',
  },
  {
    key: 'newUsersThisMonth',
    label: 'New this month',
    percent: false,
    definition: 'Accounts created in the last 30 days.',
  },
  {
    key: 'returnUsers',
    label: 'Return users',
    percent: false,
    definition: 'Accounts whose last sign-in was at least one day after they registered: they came back.',
  },
  {
    key: 'retentionRate',
    label: 'Retention rate',
    percent: true,
    definition: 'Return users as a percentage of all accounts.',
  },
  {
    key: 'usersWithProgress',
    label: 'Users with step progress',
    percent: false,
    definition: 'Accounts with at least one SAA step started or completed.',
  },
  {
    key: 'usersCompletedAllInventories',
    label: 'Completed all inventories',
    percent: false,
    definition: 'Accounts whose three current Step Four inventories are all marked complete.',
  },
  {
    key: 'allInventoriesCompletedRate',
    label: 'All inventories completed (of started)',
    percent: true,
    definition: 'Accounts that completed all three inventories, as a percentage of those that started one.',
  },
  {
    key: 'allInventoriesCompletedRateStep4',
    label: 'All inventories completed (of Step 4)',
    percent: true,
    definition:
      'Accounts that completed all three inventories, as a percentage of those that started Step 4.',
  },
  {
    key: 'usersWithCircles',
    label: 'Users with three circles',
    percent: false,
    definition: 'Accounts that have saved their three circles at least once.',
  },
  {
    key: 'usersWithCheckIns',
    label: 'Users with check-ins',
    percent: false,
    definition: 'Accounts with at least one nightly check-in.',
  },
  {
    key: 'usersCheckedInThisWeek',
    label: 'Checked in this week',
    percent: false,
    definition: 'Accounts that saved a nightly check-in during the last 7 days.',
  },
];

/** What the charts and lists below the key figures show, each under its heading. */
export const METRIC_SECTION_DEFINITIONS = {
  stepFunnel:
    'For each SAA step: the accounts that started it (in progress or completed), that have it in progress and that completed it. The average is the days from start to completion, over completed steps.',
  inventories:
    "Over each account's current inventory: the accounts that started it (at least one entry) and that marked it complete; the average number of entries over started inventories, and the most entries of any.",
  webVitals:
    'The 75th percentile (nearest rank) of what browsers reported, with the number of samples: three quarters of page loads did as well or better. CLS has no unit; the others are in milliseconds.',
} as const;

/** A key figure's value as shown: a percentage with its sign, or the count. */
export function metricFigureValue(figure: MetricFigure, metrics: Metrics): string {
  const value = metrics[figure.key];
  return figure.percent ? `${value}%` : String(value);
}

/** A web-vital's p75 for people: CLS has no unit, the others are milliseconds. */
export function formatVital(name: string, p75: number | null): string {
  if (p75 === null) return 'No data';
  if (name === 'CLS') return p75.toFixed(3);
  return `${Math.round(p75)} ms`;
}

/** The device column of the feedback list: "Mobile · Chrome 120 · Android", or "Unknown". */
export function describeDevice(info: {
  deviceType?: string | undefined;
  browser?: string | undefined;
  browserVersion?: string | undefined;
  operatingSystem?: string | undefined;
}): string {
  const browser = [info.browser, info.browserVersion].filter(Boolean).join(' ');
  const parts = [info.deviceType, browser, info.operatingSystem].filter((p) => p?.trim());
  return parts.length ? parts.join(' · ') : 'Unknown';
}
