import type { Page } from 'playwright-core';

/** Holds every step save in the air until the returned `release` (a save that neither succeeds nor fails yet). */
export async function holdStepSaves(page: Page): Promise<() => Promise<void>> {
  const held: (() => void)[] = [];
  await page.route('**/api/progress/step', async (route) => {
    await new Promise<void>((resolve) => held.push(resolve));
    await route.continue().catch(() => undefined);
  });
  return async () => {
    await page.unroute('**/api/progress/step');
    for (const resolve of held) resolve();
  };
}

/**
 * Saves, as the signed-in page, a step whose ciphertext no key of the account made (a damaged copy).
 * Resolves with the HTTP status of the save.
 */
export function saveUnreadableStep(page: Page, stepNumber: number, stepTitle: string): Promise<number> {
  return page.evaluate(
    async ({ stepNumber, stepTitle }) => {
      const response = await fetch('/api/progress/step', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('auth_token')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          program: 'SAA',
          track: '12-steps',
          step_number: stepNumber,
          step_title: stepTitle,
          completed: false,
          data: { actions: [], encryptedData: btoa('x'.repeat(64)), encrypted: true },
        }),
      });
      return response.status;
    },
    { stepNumber, stepTitle },
  );
}
