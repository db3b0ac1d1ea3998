// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import {
  CSV_MESSAGES,
  completionMarker,
  type EntryRecord,
  exportInventoryCsv,
  FIELD_LIMITS,
  INVENTORY_MESSAGES,
  type InventoryReply,
  type InventoryType,
  inventoryPayload,
  inventoryPlace,
  limitCounterText,
} from '@sam/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DataCipher } from '../../crypto/index.ts';
import { type FakeRequest, fakeServer, Reply } from '../../testing/fakeServer.ts';
import { renderWithProviders, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { InventoryPanel } from './InventoryPanel.tsx';
import { SAVE_FAILED } from './useInventoryEditor.ts';

const TYPE: InventoryType = 'resentments';
const SAVE = '/api/save_inventory_encrypted';
const QUICK_ADD = 'Add a resentment: who or what do you resent?';

type SaveBody = {
  inventory_type: InventoryType;
  version: string;
  items: { completed: boolean }[];
  encryptedData: string;
  encrypted: boolean;
  entry_count: number;
};

const entry = (id: string, who: string, complete = false): EntryRecord =>
  complete
    ? { id, who, why: 'They lied', feeling: 'Angry', impacts: ['pride'], myPart: 'I kept quiet' }
    : { id, who, why: '', feeling: '', impacts: [], myPart: '' };

/**
 * The inventory service as the panel sees it: stored inventories by type and version, each only
 * ciphertext. `failSaves` makes saves answer 500 until it is set back.
 */
function inventoryServer(cipher: DataCipher) {
  const stored = new Map<string, InventoryReply>();
  const state = { failSaves: false };
  const reply = (type: InventoryType, version: string): InventoryReply =>
    stored.get(`${type}/${version}`) ?? {
      inventory_type: type,
      version,
      items: [],
      encrypted: false,
      entry_count: 0,
      completed: false,
      updated_at: new Date().toISOString(),
    };
  const store = (body: SaveBody) => {
    const saved: InventoryReply = {
      inventory_type: body.inventory_type,
      version: body.version,
      items: body.items,
      encrypted: true,
      encryptedData: body.encryptedData,
      entry_count: body.entry_count,
      completed: body.items[0]?.completed === true,
      updated_at: new Date().toISOString(),
    };
    stored.set(`${body.inventory_type}/${body.version}`, saved);
    // As the server answers: without the ciphertext the request carried.
    const { encryptedData: _sent, ...reply } = saved;
    return reply;
  };
  const server = fakeServer({
    'GET /api/get_inventory_encrypted/:type/:version': ({ params }) =>
      reply(params.type as InventoryType, params.version ?? ''),
    'POST /api/save_inventory_encrypted': ({ body }) =>
      state.failSaves ? new Reply(500, { detail: 'Internal error' }) : store(body as SaveBody),
    'DELETE /api/delete_inventory': ({ body }) => {
      const { inventory_type, version } = body as { inventory_type: string; version: string };
      stored.delete(`${inventory_type}/${version}`);
      return { message: 'Inventory deleted' };
    },
    'GET /api/list_inventory_versions/:type': ({ params }) => ({
      versions: [...stored.values()].filter((r) => r.inventory_type === params.type),
    }),
  });
  return {
    ...server,
    state,
    /** Puts an inventory on the server, encrypted as the app would. */
    async seed(entries: EntryRecord[], completed = false) {
      store({
        inventory_type: TYPE,
        version: `${TYPE}-current`,
        items: [completionMarker(completed, new Date())],
        encryptedData: await cipher.encrypt(inventoryPayload(entries), inventoryPlace(TYPE)),
        encrypted: true,
        entry_count: entries.length,
      });
    },
    saves: () => server.to('POST', SAVE).map((r) => r.body as SaveBody),
  };
}

/** What a save sent, decrypted as the app would read it back. */
async function savedEntries(cipher: DataCipher, request: SaveBody): Promise<EntryRecord[]> {
  const payload = (await cipher.decrypt(request.encryptedData, inventoryPlace(TYPE, request.version))) as {
    entries: EntryRecord[];
  };
  return payload.entries;
}

let key: CryptoKey;
let cipher: DataCipher;
let server: ReturnType<typeof inventoryServer>;

beforeEach(async () => {
  // A fresh key per test: drafts another test left in IndexedDB cannot be read, so they are never restored.
  key = await testDataKey();
  cipher = testCipher(key);
  server = inventoryServer(cipher);
});

function renderPanel() {
  return renderWithProviders(<InventoryPanel type={TYPE} />, { dataKey: key });
}

const entryList = () => screen.getByRole('list', { name: 'Resentments entries' });
const completedBox = () => screen.getByRole('checkbox', { name: 'Completed' });

describe('InventoryPanel', () => {
  it('adds an entry with quick add and saves it encrypted', async () => {
    const { user } = renderPanel();
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
    expect(completedBox().hasAttribute('disabled')).toBe(true);

    const field = screen.getByRole('textbox', { name: QUICK_ADD });
    await user.type(field, 'My boss');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('button', { name: 'Edit My boss' })).toBeTruthy();
    expect(within(entryList()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 entry, 1 needing more detail.')).toBeTruthy();
    expect(screen.getByText(INVENTORY_MESSAGES.needsMoreDetail)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    expect(await screen.findByText(/^Saved at /)).toBeTruthy();

    const [body] = server.saves();
    expect(server.saves()).toHaveLength(1);
    expect(body).toMatchObject({ inventory_type: TYPE, encrypted: true, entry_count: 1 });
    // Only ciphertext travels: the name is nowhere in the request, yet the key opens it.
    expect(JSON.stringify(body)).not.toContain('My boss');
    expect(await savedEntries(cipher, body as SaveBody)).toEqual([
      expect.objectContaining({ who: 'My boss', why: '', impacts: [] }),
    ]);
    expect(server.unhandled).toEqual([]);
  });

  it('ignores a blank quick add', async () => {
    const { user } = renderPanel();
    await screen.findByText('No entries yet.');
    await user.type(screen.getByRole('textbox', { name: QUICK_ADD }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText('No entries yet.')).toBeTruthy();
    expect(server.saves()).toEqual([]);
  });

  it('stops the quick add at its limit and says so', async () => {
    const { user } = renderPanel();
    await screen.findByText('No entries yet.');
    const field = screen.getByRole('textbox', { name: QUICK_ADD }) as HTMLInputElement;
    const limit = FIELD_LIMITS.inventoryText;
    await user.click(field);
    await user.paste('x'.repeat(limit + 5));
    expect(field.value).toHaveLength(limit);
    const counter = limitCounterText(limit, limit) ?? '';
    expect(counter).not.toBe('');
    expect(screen.getByText(counter)).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByText(counter).id);
  });

  it('shows the saved inventory and deletes an entry only once confirmed', async () => {
    await server.seed([entry('e1', 'My boss'), entry('e2', 'My brother', true)]);
    const { user } = renderPanel();
    expect(await screen.findByText('2 entries, 1 needing more detail.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete My boss' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(
      within(dialog).getByText(
        '“My boss” will be removed from your Resentments inventory. This cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Edit My boss' })).toBeTruthy();
    expect(server.saves()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete My boss' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('1 entry.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit My boss' })).toBeNull();
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    const last = server.saves()[0] as SaveBody;
    expect(last.entry_count).toBe(1);
    expect((await savedEntries(cipher, last)).map((e) => e.who)).toEqual(['My brother']);
  });

  it('asks for the required field in the edit form, then saves and gives focus back to Edit', async () => {
    await server.seed([entry('e1', 'My boss')]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Edit My boss' }));

    const form = screen.getByRole('form', { name: 'Edit entry' });
    const who = within(form).getByRole('textbox', { name: 'Who or what I resent (required)' });
    await waitFor(() => expect(document.activeElement).toBe(who));
    await user.clear(who);
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(within(form).getByText(INVENTORY_MESSAGES.required)).toBeTruthy();
    expect(who.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(who);
    expect(server.saves()).toEqual([]);

    await user.type(who, 'My landlord');
    await user.type(within(form).getByRole('textbox', { name: 'Why I am resentful' }), 'He kept the deposit');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const edit = await screen.findByRole('button', { name: 'Edit My landlord' });
    expect(screen.queryByRole('form', { name: 'Edit entry' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(edit));
    const last = server.saves().at(-1) as SaveBody;
    expect(JSON.stringify(last)).not.toContain('landlord');
    expect(await savedEntries(cipher, last)).toEqual([
      expect.objectContaining({ id: 'e1', who: 'My landlord', why: 'He kept the deposit' }),
    ]);
  });

  it('refuses Completed while an entry needs more detail', async () => {
    await server.seed([entry('e1', 'My boss')]);
    const { user } = renderPanel();
    await screen.findByRole('button', { name: 'Edit My boss' });

    await user.click(completedBox());
    expect(screen.getByText(INVENTORY_MESSAGES.incomplete)).toBeTruthy();
    expect((completedBox() as HTMLInputElement).checked).toBe(false);
    expect(server.saves()).toEqual([]);
  });

  it('marks a complete inventory Completed and saves the marker', async () => {
    await server.seed([entry('e1', 'My boss', true)]);
    const { user } = renderPanel();
    await screen.findByText('1 entry.');

    await user.click(completedBox());
    await waitFor(() => expect((completedBox() as HTMLInputElement).checked).toBe(true));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    expect(server.saves()[0]?.items[0]?.completed).toBe(true);
  });

  it('keeps an entry on screen when its save fails, and saves it on Retry', async () => {
    server.state.failSaves = true;
    const { user } = renderPanel();
    await screen.findByText('No entries yet.');
    await user.type(screen.getByRole('textbox', { name: QUICK_ADD }), 'My boss');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Not saved: ${SAVE_FAILED}`);
    expect(screen.getByRole('button', { name: 'Edit My boss' })).toBeTruthy();

    server.state.failSaves = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Saved at /)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const last = server.saves().at(-1) as SaveBody;
    expect((await savedEntries(cipher, last)).map((e) => e.who)).toEqual(['My boss']);
  });

  it('starts over only once confirmed', async () => {
    await server.seed([entry('e1', 'My boss')]);
    const { user } = renderPanel();
    await screen.findByText('1 entry, 1 needing more detail.');

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start over your Resentments inventory?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));

    expect(await screen.findByText('No entries yet.')).toBeTruthy();
    expect(server.to('DELETE', '/api/delete_inventory').map((r: FakeRequest) => r.body)).toEqual([
      { inventory_type: TYPE, version: `${TYPE}-current` },
    ]);
    expect(screen.getByRole('button', { name: 'Start Over' }).hasAttribute('disabled')).toBe(true);
  });

  it('imports a CSV file after its preview, and undoes the import', async () => {
    const { user } = renderPanel();
    await screen.findByText('No entries yet.');

    const csv = exportInventoryCsv(TYPE, [entry('a', 'My boss'), entry('b', 'My brother', true)]);
    const file = new File([csv], 'resentments.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('Upload a CSV file for your Resentments inventory'), file);

    const dialog = await screen.findByRole('dialog', { name: 'Import 2 entries?' });
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    expect(await screen.findByText(CSV_MESSAGES.imported(2))).toBeTruthy();
    expect(screen.getByText('2 entries, 1 needing more detail.')).toBeTruthy();
    const imported = server.saves().at(-1) as SaveBody;
    expect((await savedEntries(cipher, imported)).map((e) => e.who)).toEqual(['My boss', 'My brother']);

    expect(screen.getByText(/Your inventory was empty before this import\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Undo import' }));
    expect(await screen.findByText('No entries yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo import' })).toBeNull();
    // The import's result is kept as an earlier version before the inventory goes back to empty. The page
    // shows the empty list before its save is sent, so the save is waited for.
    await waitFor(() =>
      expect(server.saves().at(-1)).toMatchObject({ version: `${TYPE}-current`, entry_count: 0 }),
    );
    const kept = server.saves().at(-2) as SaveBody;
    expect(kept.version).not.toBe(`${TYPE}-current`);
    expect(kept.entry_count).toBe(2);
  });
});
