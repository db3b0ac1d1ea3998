/**
 * Inventories an older client saved in the clear (the plain save is gone): the owner's next unlock encrypts
 * them in the browser and sends them back in their place, so no readable inventory is left on the server,
 * and the entries are all still there to read. No request carries them readable.
 */
import { describe, expect, it } from 'vitest';
import { e2eEnvironment } from './support/environment.ts';
import { eventually, newAccount, signIn, signUp, visible } from './support/journeys.ts';
import { changeDatabase, queryDatabase } from './support/serverDatabase.ts';
import { inventoryPanel, inventoryTab, openInventories, stepUrl } from './support/stepPages.ts';

const env = e2eEnvironment();
const account = newAccount('readable', 'Noor');
const unique = Date.now().toString(36);
const SECRET = {
  resentment: `Landlord ${unique} Curlew`,
  why: `Kept the deposit ${unique}`,
  harm: `My cousin ${unique} Dunlin`,
};
const marker = { _type: 'completion_status', completed: false, timestamp: '2025-01-02T10:00:00.000Z' };

type Row = { version: string; encrypted: number; items: string; encrypted_data: string | null };
const rows = (userId: string) =>
  queryDatabase<Row>(
    env.server,
    'SELECT version, encrypted, items, encrypted_data FROM inventories WHERE user_id = ? ORDER BY version',
    userId,
  );

function saveReadable(userId: string, type: string, version: string, items: unknown[]) {
  changeDatabase(
    env.server,
    `INSERT INTO inventories (user_id, inventory_type, version, items, encrypted_data, encrypted, entry_count,
       completed, updated_at) VALUES (?, ?, ?, ?, NULL, 0, ?, 0, ?)`,
    userId,
    type,
    version,
    JSON.stringify(items),
    items.length - 1,
    Date.UTC(2025, 0, 2),
  );
}

describe('Inventories saved in the clear', () => {
  it('are encrypted in the browser at the next unlock, and read as before', async () => {
    await signUp(env.page, env.mail, account);
    const [user] = queryDatabase<{ id: string }>(
      env.server,
      'SELECT id FROM users WHERE email = ?',
      account.email,
    );
    const userId = user?.id ?? '';
    saveReadable(userId, 'resentments', 'resentments-current', [
      { who: SECRET.resentment, why: SECRET.why, impacts: ['pride'] },
      marker,
    ]);
    saveReadable(userId, 'harms', 'harms-earlier-1735776000000', [{ whoHarmed: SECRET.harm }, marker]);
    expect(rows(userId).filter((r) => r.encrypted === 0)).toHaveLength(2);

    // The same person on another device: signing in opens the key there.
    const { page, traffic } = await env.newPage();
    await signIn(page, account);
    await eventually(
      () => rows(userId).filter((r) => r.encrypted === 0).length,
      'no readable inventory is left',
    ).toBe(0);
    const stored = JSON.stringify(rows(userId));
    for (const text of Object.values(SECRET)) expect(stored).not.toContain(text);
    expect(rows(userId).every((r) => /^[A-Za-z0-9+/]+={0,2}$/.test(r.encrypted_data ?? ''))).toBe(true);
    // Nothing readable went back to the server: only ciphertext.
    const sent = traffic.filter((t) => t.includes('/api/inventory/encrypt-readable'));
    expect(sent).toHaveLength(2);
    for (const text of Object.values(SECRET)) expect(sent.join('\n')).not.toContain(text);

    await page.goto(stepUrl(4));
    await openInventories(page);
    await inventoryTab(page, 'Resentments').click();
    await visible(
      inventoryPanel(page).getByRole('button', { name: `Edit ${SECRET.resentment}`, exact: true }),
    );
  });
});
