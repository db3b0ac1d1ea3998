const base64 = (text: string) => Buffer.from(text).toString('base64');

export type Outcome = { status: number | 'error' | 'timeout'; ms: number; detail?: string };

/**
 * A steady write load from a few concurrent loops: step saves (each loop owns its own steps, so a later
 * acknowledged write always has a higher sequence number) and encrypted inventory saves (each a new
 * version). Every write acknowledged with a 2xx is recorded with its content.
 */
export function startWriteLoad(options: {
  baseUrl: () => string;
  token: string;
  loops: number;
  timeoutMs: number;
}) {
  const ackedSteps = new Map<number, number>();
  const ackedInventories = new Map<string, string>();
  const outcomes: Outcome[] = [];
  let running = true;
  let seq = 0;

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
      let detail: string | undefined;
      try {
        detail = JSON.parse(text).detail;
      } catch {
        detail = undefined;
      }
      outcomes.push({ status: res.status, ms: Date.now() - started, detail });
      return res.ok;
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      outcomes.push({ status: timedOut ? 'timeout' : 'error', ms: Date.now() - started });
      await new Promise((r) => setTimeout(r, 20));
      return false;
    }
  }

  async function loop(index: number) {
    // Loops 0..n-2 save steps (loop i owns steps i+1, i+1+(n-1), ...); the last loop saves inventories.
    const stepLoops = Math.max(1, options.loops - 1);
    const mySteps = Array.from({ length: 12 }, (_, i) => i + 1).filter((n) => (n - 1) % stepLoops === index);
    for (let i = 0; running; i++) {
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
        const version = `load-${n}`;
        const content = base64(`inventory ${n}`);
        const ok = await send('/api/save_inventory_encrypted', {
          inventory_type: 'fears',
          version,
          items: [],
          encryptedData: content,
          encrypted: true,
          entry_count: 1,
        });
        if (ok) ackedInventories.set(version, content);
      }
    }
  }

  const done = Promise.all(Array.from({ length: options.loops }, (_, i) => loop(i)));
  return {
    ackedSteps,
    ackedInventories,
    outcomes,
    async stop() {
      running = false;
      await done;
    },
  };
}

export type WriteLoad = ReturnType<typeof startWriteLoad>;

/** Every acknowledged write is on the server: each step holds its last acknowledged write or a later one. */
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
  console.log('progress read', Date.now(), load.ackedInventories.size);
  for (const [version, content] of load.ackedInventories) {
    const res = await fetch(`${baseUrl}/api/get_inventory_encrypted/fears/${version}`, { headers });
    const body = res.ok ? ((await res.json()) as Record<string, unknown>) : {};
    if (!JSON.stringify(body).includes(content)) missing.push(`inventory ${version}: ${res.status}`);
  }
  return missing;
}
