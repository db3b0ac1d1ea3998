/** One figure set beside the target for it. */
export type Check = { what: string; figure: string; target: string; met: boolean };

/** What a section hands back: its raw figures (for results.json), its markdown, and its target checks. */
export type SectionResult = { title: string; data: unknown; markdown: string; checks: Check[] };

/** The throughput section's routes, by the name BENCH_ROUTES uses. */
export const ROUTES = [
  'whoami',
  'step',
  'progress',
  'inventory',
  'circles',
  'checkins',
  'space',
  'login',
] as const;
export type BenchRoute = (typeof ROUTES)[number];

export type BenchOptions = {
  smoke: boolean;
  /** Database engines to run the server sections on, each with its connection URL. */
  engines: Array<{ engine: 'sqlite' | 'postgres'; server: string | undefined }>;
  sizes: number[];
  durationSeconds: number;
  connections: number[];
  /** The throughput routes to measure (the baseline always runs). */
  routes: BenchRoute[];
  /** When set, SAM's server runs with `node --cpu-prof` and writes its profile here when it stops. */
  cpuProfileDir?: string;
  /** Scratch folder for databases' logs and the like. */
  workDir: string;
};

export const mark = (met: boolean) => (met ? '✅ met' : '❌ missed');

export function table(header: string[], rows: Array<Array<string | number>>): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export function checksTable(checks: Check[]): string {
  return table(
    ['what', 'figure', 'target', ''],
    checks.map((c) => [c.what, c.figure, c.target, mark(c.met)]),
  );
}
