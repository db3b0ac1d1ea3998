import type { Locator, Page, Response } from 'playwright-core';
import { dialog, eventually, pageHeading, visible } from './journeys.ts';

/** The address of SAA's step N. */
export const stepUrl = (n: number) => `/programs/saa/12-steps/step-${n}`;

/** Action N's checkbox on a step page (its label starts with "N. "). */
export function stepAction(page: Page, n: number): Locator {
  return page.getByRole('checkbox', { name: new RegExp(`^${n}\\. `) });
}

/** Resolves when a step save (POST /api/progress/step) succeeds: start it before what saves. */
export function stepSaved(page: Page): Promise<Response> {
  return page.waitForResponse(
    (r) => r.url().endsWith('/api/progress/step') && r.request().method() === 'POST' && r.status() === 200,
  );
}

/** Opens step N and waits for its heading ("Step One") and its first action. */
export async function openStep(page: Page, n: number, title: string): Promise<void> {
  await page.goto(stepUrl(n));
  await visible(pageHeading(page, title), 15_000);
  await eventually(() => stepAction(page, 1).isVisible()).toBe(true);
}

/** Ticks action N once it can be ticked, and waits until it is saved and shows as ticked. */
export async function tick(page: Page, n: number): Promise<void> {
  const box = stepAction(page, n);
  await eventually(() => box.isEnabled()).toBe(true);
  const saved = stepSaved(page);
  await box.click();
  await saved;
  await eventually(() => box.isChecked()).toBe(true);
}

/** The Step Four Inventories dialog. */
export function inventoriesDialog(page: Page): Locator {
  return dialog(page, 'Step Four Inventories');
}

/** The tab of one inventory ('Resentments', 'Fears', 'Harms Done'); its name goes on with the status. */
export function inventoryTab(page: Page, name: string): Locator {
  return inventoriesDialog(page).getByRole('tab', { name: new RegExp(`^${name}`) });
}

/** The open tab's panel in the Step Four Inventories dialog. */
export function inventoryPanel(page: Page): Locator {
  return inventoriesDialog(page).getByRole('tabpanel');
}

/** Resolves when an inventory save succeeds: start it before what saves. */
export function inventorySaved(page: Page): Promise<Response> {
  return page.waitForResponse((r) => r.url().endsWith('/api/save_inventory_encrypted') && r.status() === 200);
}

/** The inventory saves among recorded traffic (see recordTraffic): 'POST <url>', headers, body. */
export function inventorySaveRequests(traffic: string[]): string[] {
  return traffic.filter((t) => t.startsWith('POST') && t.includes('/api/save_inventory_encrypted'));
}

/** On the step 4 page: opens the inventories and returns the dialog. */
export async function openInventories(page: Page): Promise<Locator> {
  await visible(pageHeading(page, 'Step Four'), 15_000);
  await page.getByRole('button', { name: 'Open Step Four Inventories' }).click();
  return visible(inventoriesDialog(page));
}

/** Adds an entry with the open inventory's quick-add field (`label`), and waits until it is saved and listed. */
export async function quickAdd(page: Page, label: RegExp, text: string): Promise<void> {
  const panel = inventoryPanel(page);
  const saved = inventorySaved(page);
  await panel.getByLabel(label).fill(text);
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await saved;
  await visible(panel.getByRole('button', { name: `Edit ${text.trim()}`, exact: true }));
}
