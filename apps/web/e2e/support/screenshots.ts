import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';

export type ShotStyle = {
  /** false (the default): what the screen shows; true: the whole page; 'also': both, the whole page as `<name>-full.png`. */
  fullPage?: boolean | 'also';
  /** Also the same page at 1280×800 as `<name>-1280.png` (the phone view is then `<name>-360.png`). */
  desktop?: boolean;
};

/** Where E2E_SHOTS asks for screenshots; unset, the tests take none. */
const shotsRoot = process.env.E2E_SHOTS;

/** Whether this run takes screenshots (for set-up that only a screenshot needs). */
export const takingScreenshots = Boolean(shotsRoot);

/**
 * The screenshot function of one test file: with E2E_SHOTS=<dir>, `shot(page, name)` saves what the page
 * shows now in `<dir>/<area>/` for a person to look at; without it, shots cost nothing. `style` is the
 * file's way (a call can change it, and scroll a locator into view first).
 */
export function screenshots(area: string, style: ShotStyle = {}) {
  return async function shot(
    page: Page,
    name: string,
    options: ShotStyle & { scrollTo?: Locator } = {},
  ): Promise<void> {
    if (!shotsRoot) return;
    const { fullPage = false, desktop = false, scrollTo } = { ...style, ...options };
    const dir = join(shotsRoot, area);
    mkdirSync(dir, { recursive: true });
    if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
    const save = async (file: string) => {
      await page.screenshot({ path: join(dir, `${file}.png`), fullPage: fullPage === true });
      if (fullPage === 'also') await page.screenshot({ path: join(dir, `${file}-full.png`), fullPage: true });
    };
    await page.waitForTimeout(300);
    if (!desktop) return save(name);
    const phone = page.viewportSize();
    await save(`${name}-360`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForTimeout(300);
    await save(`${name}-1280`);
    if (phone) await page.setViewportSize(phone);
  };
}
