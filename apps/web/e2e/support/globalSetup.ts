import type { TestProject } from 'vitest/node';
// @ts-expect-error: plain .mjs build helpers shared with npm start
import { findChromium } from '../../../../scripts/findChromium.mjs';
// @ts-expect-error: plain .mjs build helpers shared with npm start
import { ensureServerBuild } from '../../../../scripts/serverBuild.mjs';
// @ts-expect-error: plain .mjs build helpers shared with npm start
import { ensureWebBuild } from '../../../../scripts/webBuild.mjs';
import { migratedDatabase } from '../../../server/test/freshDatabase.ts';

/**
 * Before any browser test: a Chromium to drive, a web build and a server build that match the sources, and
 * a database with every migration run, which each test file's server starts from.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  process.env.CHROME_PATH = findChromium();
  ensureWebBuild();
  ensureServerBuild();
  const migrated = await migratedDatabase(undefined);
  project.provide('migratedSqliteFile', migrated.url.replace(/^sqlite:/, ''));
  return migrated.drop;
}
