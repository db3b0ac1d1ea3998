const base64 = (text: string) => Buffer.from(text).toString('base64');
const INVENTORY_VERSIONS = 10;

/** One write: its reply's status (or why there was none), when it was sent, how long it took, the error body. */
export type Outcome = {
  status: number | 'error' | 'timeout';
  at: number;
  ms: number;
  detail?: string;
  code?: string;
  retryAfter?: string;
};

/**
 * A steady write load from a few concurrent loops: step saves (each loop owns its own steps, so a later
 * acknowledged write always has a higher sequence number) and encrypted inventory saves (each a new
 * version, over a few versions). Every write acknowledged with a 2xx is recorded with its sequence number.
 */
export function startWriteLoad(options: {
  baseUrl: () => string;
  token: string;
  loops: number;
  timeoutMs: number;
}) {
  const ackedSteps = new Map<number, number>();
  /** Each inventory version's last acknowledged sequence number. */
  const ackedInventories = new Map<string, number>();
  const outcomes: Outcome[] = [];
  let running = true;
  let seq = 0;
  // pause(): each loop parks before its next write until resume().
  let gate: { opened: Promise<void>; open(): void } | undefined;
  let parked = 0;

  async function send(path: string, body: unknown): Promise<boolean> {
    const started = Date.now();
    try {
      const res = await fetch(`${options.baseUrl()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await res.text();
      const outcome: Outcome = { status: res.status, at: started, ms: Date.now() - started };
      if (!res.ok) {
        try {
          const body = JSON.parse(text) as { detail?: string; code?: string };
          outcome.detail = body.detail;
          outcome.code = body.code;
        } catch {
          outcome.detail = text.slice(0, 200);
        }
        outcome.retryAfter = res.headers.get('retry-after') ?? undefined;
      }
      outcomes.push(outcome);
      // A refused write is tried again soon, as a client would, without spinning.
      if (!res.ok) await new Promise((r) => setTimeout(r, 20));
      return res.ok;
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      outcomes.push({ status: timedOut ? 'timeout' : 'error', at: started, ms: Date.now() - started });
      await new Promise((r) => setTimeout(r, 20));
      return false;
    }
  }

  async function loop(index: number) {
    // Loops 0..n-2 save steps (loop i owns steps i+1, i+1+(n-1), ...); the last loop saves inventories.
    const stepLoops = Math.max(1, options.loops - 1);
    const mySteps = Array.from({ length: 12 }, (_, i) => i + 1).filter((n) => (n - 1) % stepLoops === index);
    for (let i = 0; running; i++) {
      while (gate && running) {
        parked++;
        await gate.opened;
        parked--;
      }
      if (!running) break;
      const n = ++seq;
      if (index < stepLoops) {
        const step = mySteps[i % mySteps.length] as number;
        const ok = await send('/api/progress/step', {
          program: 'SAA',
          track: '12-steps',
          step_number: step,
          step_title: `Step ${step}`,
          completed: false,
          data: {
            actions: [{ id: 1, completed: true }],
            encryptedData: base64(`write ${n}`),
            encrypted: true,
          },
        });
        if (ok) ackedSteps.set(step, Math.max(ackedSteps.get(step) ?? 0, n));
      } else {
        // A few versions saved over and over: SAM keeps at most 20 earlier versions of an inventory.
        const version = `load-${n % INVENTORY_VERSIONS}`;
        const content = base64(`inventory ${n}`);
        const ok = await send('/api/save_inventory_encrypted', {
          inventory_type: 'fears',
          version,
          items: [],
          encryptedData: content,
          encrypted: true,
          entry_count: 1,
        });
        if (ok) ackedInventories.set(version, n);
      }
    }
  }

  const done = Promise.all(Array.from({ length: options.loops }, (_, i) => loop(i)));
  return {
    ackedSteps,
    ackedInventories,
    outcomes,
    /** Waits until no write is in flight; none is sent until resume(). */
    async pause() {
      if (!gate) {
        let open = () => {};
        const opened = new Promise<void>((resolve) => {
          open = resolve;
        });
        gate = { opened, open };
      }
      while (parked < options.loops) await new Promise((r) => setTimeout(r, 5));
    },
    resume() {
      gate?.open();
      gate = undefined;
    },
    async stop() {
      running = false;
      gate?.open();
      await done;
    },
  };
}

export type WriteLoad = ReturnType<typeof startWriteLoad>;

/**
 * Every acknowledged write is on the server: each step and each inventory version holds its last
 * acknowledged write or a later one. Pause the load first: it reads them all.
 */
export async function missingWrites(baseUrl: string, token: string, load: WriteLoad): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const missing: string[] = [];
  const progress = (await (await fetch(`${baseUrl}/api/progress`, { headers })).json()) as {
    progress: Array<{ step_number: number; data: { encryptedData?: string } }>;
  };
  for (const [step, acked] of load.ackedSteps) {
    const row = progress.progress.find((p) => p.step_number === step);
    const stored = row?.data.encryptedData ? Buffer.from(row.data.encryptedData, 'base64').toString() : '';
    const storedSeq = Number(stored.replace('write ', ''));
    if (!(storedSeq >= acked)) missing.push(`step ${step}: acknowledged write ${acked}, found "${stored}"`);
  }
  // Each acknowledged inventory version, read back by a few parallel readers.
  const queue = [...load.ackedInventories];
  const reader = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const [version, acked] = next;
      const res = await fetch(`${baseUrl}/api/get_inventory_encrypted/fears/${version}`, { headers });
      const body = res.ok ? ((await res.json()) as { encryptedData?: string }) : {};
      const stored = body.encryptedData ? Buffer.from(body.encryptedData, 'base64').toString() : '';
      const storedSeq = Number(stored.replace('inventory ', ''));
      if (!(storedSeq >= acked))
        missing.push(`inventory ${version}: acknowledged ${acked}, found "${stored}"`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, reader));
  return missing;
}
