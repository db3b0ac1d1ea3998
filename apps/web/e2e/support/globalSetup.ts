// @ts-expect-error: plain .mjs build helpers shared with npm start
import { findChromium } from '../../../../scripts/findChromium.mjs';
// @ts-expect-error: plain .mjs build helpers shared with npm start
import { ensureServerBuild } from '../../../../scripts/serverBuild.mjs';
// @ts-expect-error: plain .mjs build helpers shared with npm start
import { ensureWebBuild } from '../../../../scripts/webBuild.mjs';

/** Before any browser test: a Chromium to drive, and a web build and a server build that match the sources. */
export default function setup(): void {
  process.env.CHROME_PATH = findChromium();
  ensureWebBuild();
  ensureServerBuild();
}
