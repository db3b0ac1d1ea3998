// @vitest-environment jsdom
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

// Every module of the app but the two entry points, which start the app when they load.
const modules = import.meta.glob([
  '../**/*.{ts,tsx}',
  '!../**/*.test.{ts,tsx}',
  '!../**/*.testing.{ts,tsx}',
  '!../main.tsx',
  '!../share/main.ts',
]);

beforeAll(() => {
  vi.spyOn(Intl, 'DateTimeFormat');
  vi.spyOn(Intl, 'NumberFormat');
});
afterAll(() => vi.restoreAllMocks());

// The first formatter a page makes costs tens of milliseconds (the browser loads its language's data), so
// one made when a module loads would hold up the start of every page that loads it (ui/dateFormat.ts).
it('loads every module of the app without making a date or number formatter', async () => {
  const loaded: string[] = [];
  for (const [path, load] of Object.entries(modules)) {
    await load();
    loaded.push(path);
  }
  expect(loaded.length).toBeGreaterThan(200);
  expect(Intl.DateTimeFormat).not.toHaveBeenCalled();
  expect(Intl.NumberFormat).not.toHaveBeenCalled();
}, 120_000);
