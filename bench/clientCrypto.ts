import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { PLAYWRIGHT_CHROMIUM_ARGS } from '../apps/web/e2e/support/chromiumFlags.ts';
import { filledStep, inventoryPlaintext } from './payloads.ts';
import { chromiumPath, root } from './processes.ts';
import { type BenchOptions, type Check, median, round, type SectionResult } from './report.ts';

const ORIGIN = 'http://localhost:4173';
const RUNS = 5;

/** apps/web/src/crypto bundled as the global `SamCrypto`, the same code the app runs. */
async function cryptoBundle(): Promise<string> {
  const out = await build({
    entryPoints: [`${root}apps/web/src/crypto/index.ts`],
    bundle: true,
    format: 'iife',
    globalName: 'SamCrypto',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
  });
  return out.outputFiles[0]?.text ?? '';
}

type Timings = { signIn: number[]; decrypt: number[]; ciphertextBytes: number };

/** Sign-in (PBKDF2 600k + HKDF + unwrap the data key) and decrypting a full account, in Chromium. */
export async function benchClientCrypto(_options: BenchOptions): Promise<SectionResult> {
  const script = await cryptoBundle();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    // A page on localhost is a secure context, which Web Crypto needs.
    await page.route(`${ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>crypto bench</title><script>${script}</script>`,
      }),
    );
    await page.goto(`${ORIGIN}/`);
    const account = {
      steps: Array.from({ length: 12 }, (_, i) => filledStep(i + 1)),
      inventories: ['resentments', 'fears', 'harms'].map((type) => ({
        type,
        value: inventoryPlaintext(500),
      })),
    };
    const timings: Timings = await page.evaluate(
      async ({ account, runs }) => {
        type Api = typeof import('../apps/web/src/crypto/index.ts');
        const sam = (globalThis as unknown as { SamCrypto: Api }).SamCrypto;
        const c = globalThis.crypto;
        const password = 'Quiet river keeps flowing under the bridge';
        const kdf = sam.newKdfParams(c);
        const dataKey = await sam.createDataKey(c);
        const wrapped = await sam.wrapKey(c, dataKey, (await sam.deriveAccountKeys(c, password, kdf)).kek);
        const signIn: number[] = [];
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          const { kek } = await sam.deriveAccountKeys(c, password, kdf);
          await sam.unwrapDataKey(c, wrapped, kek);
          signIn.push(performance.now() - started);
        }
        const userId = '7f0c2a8e-4b1d-4e55-9a63-2d1f0e9b8c11';
        const cipher = sam.createDataCipher(c, dataKey, userId);
        const sealed = [
          ...(await Promise.all(account.steps.map((s, i) => cipher.encrypt(s, `step-${i + 1}`)))).map(
            (text, i) => ({
              text,
              place: `step-${i + 1}`,
            }),
          ),
          ...(await Promise.all(
            account.inventories.map(async (inv) => ({
              text: await cipher.encrypt(inv.value, `inventory:${inv.type}`),
              place: `inventory:${inv.type}`,
            })),
          )),
        ];
        const decrypt: number[] = [];
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          await Promise.all(sealed.map((s) => cipher.decrypt(s.text, s.place)));
          decrypt.push(performance.now() - started);
        }
        return { signIn, decrypt, ciphertextBytes: sealed.reduce((n, s) => n + s.text.length, 0) };
      },
      { account, runs: RUNS },
    );
    const signIn = round(median(timings.signIn));
    const decrypt = round(median(timings.decrypt));
    const checks: Check[] = [
      {
        what: 'Full account decrypt in Chromium (12 steps + 3 × 500 entries)',
        figure: `${decrypt} ms`,
        target: '< 200 ms',
        met: decrypt < 200,
      },
    ];
    const markdown = [
      `The web app's own crypto code (\`apps/web/src/crypto\`, bundled with esbuild) in headless Chromium (${browser.version()}), median of ${RUNS}.`,
      '',
      `- Sign-in key derivation (PBKDF2-SHA256 600,000 iterations + HKDF + unwrapping the data key): **${signIn} ms**`,
      `- Decrypting a full account, 12 filled steps + 3 inventories of 500 entries (${round(timings.ciphertextBytes / 1e6, 2)} MB of ciphertext, base64): **${decrypt} ms**`,
    ].join('\n');
    return {
      title: 'Client crypto',
      data: { signInMs: signIn, decryptMs: decrypt, ...timings },
      markdown,
      checks,
    };
  } finally {
    await browser.close();
  }
}
