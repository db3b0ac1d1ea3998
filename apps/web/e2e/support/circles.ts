import type { Locator, Page } from 'playwright-core';
import { visible } from './journeys.ts';

/** The address of My three circles. */
export const CIRCLES_PAGE = '/programs/saa/three-circles';

/** One of the three circles on the circles page (its section, not the drawing's label). */
export function circleCard(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name, exact: true })
    .filter({ has: page.getByRole('heading', { level: 3 }) });
}

/** In the guide: types an item into the field of this step's circle, adds it with Enter and waits for it. */
export async function addInGuide(
  page: Page,
  circle: 'inner' | 'outer' | 'middle',
  item: string,
): Promise<void> {
  await page.getByLabel(`Add to your ${circle} circle`).fill(item);
  await page.keyboard.press('Enter');
  await visible(page.getByText(item, { exact: true }));
}
