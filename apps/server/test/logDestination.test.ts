import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const destination = new URL('../src/logDestination.ts', import.meta.url).pathname;

/**
 * Runs `ending` in a process that logs through the server's log destination after 2,000 request lines
 * and 200 warnings, and gives back what reached its standard output.
 */
function logThenEnd(
  ending: string,
): Promise<{ lines: { level: number; msg: string }[]; code: number | null }> {
  const script = `
    import pino from 'pino';
    import { logDestination } from ${JSON.stringify(destination)};
    const log = pino({ level: 'info' }, logDestination());
    for (let i = 0; i < 2000; i++) log.info({ n: i, padding: 'x'.repeat(200) }, 'request completed');
    for (let i = 0; i < 200; i++) log.warn({ n: i }, 'the database is slow');
    ${ending}
  `;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { maxBuffer: 64 * 1024 * 1024, timeout: 20_000 },
      (_error, stdout) => {
        const lines = stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { level: number; msg: string });
        resolve({ lines, code: child.exitCode });
      },
    );
  });
}

const requestLines = (lines: { msg: string }[]) => lines.filter((line) => line.msg === 'request completed');
const warnings = (lines: { msg: string }[]) => lines.filter((line) => line.msg === 'the database is slow');

describe('the log destination', () => {
  it('writes every line when the process exits, request lines written in the background included', async () => {
    const { lines, code } = await logThenEnd('process.exit(0);');
    expect(code).toBe(0);
    expect(requestLines(lines)).toHaveLength(2000);
    expect(warnings(lines)).toHaveLength(200);
  });

  it('writes every line when the process dies of an uncaught error', async () => {
    const { lines, code } = await logThenEnd("throw new Error('boom');");
    expect(code).toBe(1);
    expect(requestLines(lines)).toHaveLength(2000);
    expect(warnings(lines)).toHaveLength(200);
  });

  it('has written each warning by the time the call returns: a kill right after does not lose them', async () => {
    const { lines } = await logThenEnd("process.kill(process.pid, 'SIGKILL');");
    expect(warnings(lines)).toHaveLength(200);
    // The request lines still in the buffer are what such a kill loses.
    expect(requestLines(lines).length).toBeLessThan(2000);
  });
});
