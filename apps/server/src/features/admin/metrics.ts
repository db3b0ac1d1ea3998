import { INVENTORY_TYPES, type Metrics, VITAL_NAMES, WORKBOOK_PROGRAM } from '@sam/core';
import {
  circlesAndCheckInFigures,
  inventoryFigures,
  inventoryUserFigures,
  stepFigures,
  userFigures,
  usersWithProgress,
  vitalPercentile,
} from '../../db/metrics.ts';
import type { AppDeps } from '../../deps.ts';

const DAY = 86_400_000;
const STEPS = 12;

/** A share in percent with one decimal; 0 when there is nobody to count. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The admin metrics; each definition is written out in the README ("Admin metrics"). */
export async function computeMetrics(deps: AppDeps): Promise<Metrics> {
  const { db } = deps;
  const [users, withProgress, steps, inventories, inventoryUsers, circlesAndCheckIns] = await Promise.all([
    userFigures(db, deps.now()),
    usersWithProgress(db),
    stepFigures(db, WORKBOOK_PROGRAM, '12-steps'),
    inventoryFigures(db),
    inventoryUserFigures(db),
    circlesAndCheckInFigures(db, deps.now() - 7 * DAY),
  ]);

  const stepAnalytics: Metrics['stepAnalytics'] = {};
  for (let step = 1; step <= STEPS; step++) {
    const figures = steps.find((s) => s.step === step);
    stepAnalytics[`step_${step}`] = {
      users_started: figures?.started ?? 0,
      users_in_progress: figures?.inProgress ?? 0,
      users_completed: figures?.completed ?? 0,
      average_days: figures?.averageMs == null ? null : oneDecimal(figures.averageMs / DAY),
    };
  }

  const inventoryAnalytics: Metrics['inventoryAnalytics'] = {};
  for (const type of INVENTORY_TYPES) {
    const figures = inventories.find((i) => i.type === type);
    inventoryAnalytics[type] = {
      users_started: figures?.started ?? 0,
      users_completed: figures?.completed ?? 0,
      avg_entries: oneDecimal(figures?.avgEntries ?? 0),
      max_entries: figures?.maxEntries ?? 0,
    };
  }

  const webVitals = {} as Metrics['webVitals'];
  for (const name of VITAL_NAMES) {
    const { value, samples } = await vitalPercentile(db, name, 0.75);
    webVitals[name] = { p75: value === null ? null : Math.round(value * 1000) / 1000, samples };
  }

  return {
    totalUsers: users.total,
    activeUsers: users.active,
    newUsersThisWeek: users.newWeek,
    newUsersThisMonth: users.newMonth,
    retentionRate: percent(users.returned, users.total),
    returnUsers: users.returned,
    usersWithProgress: withProgress,
    stepAnalytics,
    inventoryAnalytics,
    usersCompletedAllInventories: inventoryUsers.completedAll,
    allInventoriesCompletedRate: percent(inventoryUsers.completedAll, inventoryUsers.startedAny),
    allInventoriesCompletedRateStep4: percent(
      inventoryUsers.completedAll,
      stepAnalytics.step_4?.users_started ?? 0,
    ),
    usersWithCircles: circlesAndCheckIns.withCircles,
    usersWithCheckIns: circlesAndCheckIns.withCheckIns,
    usersCheckedInThisWeek: circlesAndCheckIns.checkedInSince,
    webVitals,
  };
}
