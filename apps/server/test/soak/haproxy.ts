import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../freePort.ts';

/** HAProxy from Debian's package, or undefined when it is not installed. */
export function haproxyBinary(): string | undefined {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/bin/haproxy'])
    if (existsSync(candidate)) return candidate;
  return undefined;
}

/**
 * The load-balancer configuration the README gives for several instances: round robin, a health check
 * on /api/health, connection failures and empty replies (an instance that is shutting down) retried on
 * another instance, and the client's address passed on in X-Forwarded-For. `X-Sam-Instance` names the
 * instance that answered, for the test.
 */
export function haproxyConfig(port: number, backends: number[]): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure empty-response',
    '  option forwardfor',
    'frontend sam',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-response set-header X-Sam-Instance %[srv_name]',
    ...backends.map((p, i) => `  server instance${i + 1} 127.0.0.1:${p} check inter 200ms fall 1 rise 1`),
    '',
  ].join('\n');
}

/** HAProxy in the foreground on a free loopback port, in front of the given ports. */
export async function startHaproxy(binary: string, backends: number[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sam-haproxy-'));
  const port = await freePort();
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(port, backends));
  execFileSync(binary, ['-c', '-q', '-f', config]);
  const log: string[] = [];
  const child: ChildProcess = spawn(binary, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${log.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`haproxy did not start:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
