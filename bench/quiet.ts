import { cpus, loadavg } from 'node:os';

/**
 * Waits until the machine has settled after the section before (its servers, PostgreSQL's background
 * writing after a large seed), at most `limitMs`: until the 1-minute load average is under half the cores.
 * A busy machine stretches every task Lighthouse sees, and its scores with them (the check-in page measured
 * 91 right after the scale section and 100 on a quiet machine). Returns the load it started at.
 */
export async function waitForQuiet(limitMs = 150_000): Promise<{ load: number; waitedSeconds: number }> {
  const started = Date.now();
  const quiet = cpus().length / 2;
  const load = () => loadavg()[0] ?? 0;
  while (load() >= quiet && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  return { load: Math.round(load() * 10) / 10, waitedSeconds: Math.round((Date.now() - started) / 1000) };
}
