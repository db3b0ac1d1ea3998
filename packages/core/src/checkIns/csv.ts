/** A person's check-ins as CSV, for their own records: one row a day, oldest first. */
import { spreadsheetSafe, toCsv } from '../csv.ts';
import { type CheckInContent, HALT_LABELS, MOOD_LABELS, STEP_TEN_QUESTIONS } from './checkIn.ts';
import type { DatedCheckIn } from './rhythm.ts';

export const CHECK_INS_CSV_HEADER = [
  'Date',
  'Circle',
  'Moods',
  'HALT',
  'Gratitude',
  ...STEP_TEN_QUESTIONS.map((q) => q.question),
];

const row = ({ day, content }: { day: string; content: CheckInContent }): string[] => [
  day,
  content.circle,
  content.moods.map((m) => MOOD_LABELS[m]).join('; '),
  content.halt.map((h) => HALT_LABELS[h]).join('; '),
  content.gratitude,
  ...STEP_TEN_QUESTIONS.map((q) => content.stepTen[q.key] ?? ''),
];

export function checkInsCsv(checkIns: readonly DatedCheckIn[]): string {
  const rows = [...checkIns].sort((a, b) => a.day.localeCompare(b.day)).map(row);
  return toCsv([CHECK_INS_CSV_HEADER, ...rows.map((r) => r.map(spreadsheetSafe))]);
}

export const checkInsCsvFileName = (today: string) => `sam-check-ins-${today}.csv`;
