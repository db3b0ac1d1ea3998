import { MAX_SHARES_PER_USER } from '@sam/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShareService, SHARE_MESSAGES } from '../src/features/share/service.ts';
import { get, newUser, post, startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await startTestApp();
  token = await newUser(t, 'share@example.com');
});
afterEach(async () => {
  await t.close();
});

const DAY = 86_400_000;
const CIPHERTEXT = Buffer.from('iv + aes-gcm of <html>Step Four Inventories</html>').toString('base64');
const OWNER_KEY = Buffer.from('iv + share key wrapped under the data key').toString('base64');
const body = (overrides: Record<string, unknown> = {}) => ({
  share_name: 'Step Four Inventories',
  document_type: 'step-four-inventories',
  html_content: CIPHERTEXT,
  owner_key: OWNER_KEY,
  ...overrides,
});
const del = (documentId: unknown, auth = token) =>
  t.app.inject({
    method: 'DELETE',
    url: '/api/share/documents',
    payload: { document_id: documentId },
    headers: { authorization: `Bearer ${auth}` },
  });

describe('share documents', () => {
  it('shows the recipient the name of the document type, never the name the sender typed', async () => {
    const crafted = 'Your SAM account is locked. Sign in again at evil.example';
    const doc = (await post(t, '/api/share/documents', body({ share_name: crafted }), token)).json();
    expect(doc.share_name).toBe(crafted);
    const open = (await get(t, `/api/share/public/${doc.id}`)).json();
    expect(open.share_name).toBe('Step Four Inventories');
    expect(JSON.stringify(open)).not.toContain('evil.example');
  });

  it('stores ciphertext under a 128-bit id and lists it with both dates', async () => {
    const created = await post(t, '/api/share/documents', body(), token);
    expect(created.statusCode).toBe(200);
    const doc = created.json();
    expect(doc.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(doc.share_url).toBe(`/s/${doc.id}`);
    expect(doc.generation_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(Date.parse(doc.expire_date) - Date.parse(`${doc.generation_date}Z`)).toBeGreaterThanOrEqual(
      7 * DAY - 1000,
    );
    const list = (await get(t, '/api/share/documents', token)).json().documents;
    expect(list).toEqual([doc]);
    const row = await t.db.selectFrom('share_documents').select('html_content').executeTakeFirstOrThrow();
    expect(row.html_content).toBe(CIPHERTEXT);
  });

  it('lets anyone with the link fetch the ciphertext, with no-referrer, until it expires', async () => {
    const doc = (await post(t, '/api/share/documents', body(), token)).json();
    const open = await get(t, `/api/share/public/${doc.id}`);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ html_content: CIPHERTEXT, share_name: 'Step Four Inventories' });
    expect(open.json().owner_key).toBeUndefined();
    expect(open.headers['referrer-policy']).toBe('no-referrer');
    expect(open.headers['cache-control']).toBe('no-store');

    t.advance(7 * DAY + 1);
    const expired = await get(t, `/api/share/public/${doc.id}`);
    expect(expired.statusCode).toBe(410);
    expect((await get(t, '/api/share/documents', token)).json().documents).toEqual([]);
    expect(await t.deps.db.selectFrom('share_documents').selectAll().execute()).toHaveLength(1);
  });

  it('sweeps expired documents away', async () => {
    await post(t, '/api/share/documents', body(), token);
    t.advance(8 * DAY);
    await post(
      t,
      '/api/share/documents',
      body({ share_name: 'SAA 12-Step Status', document_type: '12-step-status' }),
      token,
    );
    expect(await createShareService(t.deps).sweepExpired()).toBe(1);
    expect(await t.db.selectFrom('share_documents').select('share_name').execute()).toEqual([
      { share_name: 'SAA 12-Step Status' },
    ]);
  });

  it("deletes only the owner's documents; forged and unknown ids get readable errors", async () => {
    const doc = (await post(t, '/api/share/documents', body(), token)).json();
    const other = await newUser(t, 'other@example.com');
    expect((await get(t, '/api/share/documents', other)).json().documents).toEqual([]);
    expect((await del(doc.id, other)).statusCode).toBe(404);
    expect((await del('../../etc/passwd')).statusCode).toBe(400);
    expect((await get(t, '/api/share/public/not-an-id')).statusCode).toBe(400);
    expect((await get(t, '/api/share/public/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    const deleted = await del(doc.id);
    expect(deleted.json()).toEqual({ message: 'Document deleted successfully.' });
    expect((await get(t, `/api/share/public/${doc.id}`)).statusCode).toBe(404);
  });

  it('refuses plain HTML, unknown types, visitors and oversized documents', async () => {
    expect(
      (await post(t, '/api/share/documents', body({ html_content: '<h1>My inventory</h1>' }), token))
        .statusCode,
    ).toBe(400);
    expect((await post(t, '/api/share/documents', body({ document_type: 'diary' }), token)).statusCode).toBe(
      400,
    );
    expect((await post(t, '/api/share/documents', body())).statusCode).toBe(401);
    expect(
      (await post(t, '/api/share/documents', body({ html_content: 'A'.repeat(4_300_000) }), token))
        .statusCode,
    ).toBe(413);
    expect(await t.db.selectFrom('share_documents').selectAll().execute()).toEqual([]);
  });
});

describe('at most 50 shared documents', () => {
  const create = (auth = token) => post(t, '/api/share/documents', body(), auth);
  const kept = async (email: string) =>
    (
      await t.db
        .selectFrom('share_documents')
        .innerJoin('users', 'users.id', 'share_documents.user_id')
        .select('share_documents.id')
        .where('users.email', '=', email)
        .execute()
    ).length;

  it('keeps the limit when 30 documents are made at once, 45 already kept', async () => {
    for (let i = 0; i < MAX_SHARES_PER_USER - 5; i++) expect((await create()).statusCode).toBe(200);
    const replies = await Promise.all(Array.from({ length: 30 }, () => create()));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = replies.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(25);
    expect(refused[0]?.json()).toEqual({ detail: SHARE_MESSAGES.tooMany, code: 'too_many_documents' });
    expect(await kept('share@example.com')).toBe(MAX_SHARES_PER_USER);
  });

  it('keeps it from a standing start, and one person full does not stop another', async () => {
    const other = await newUser(t, 'other@example.com');
    const replies = await Promise.all(
      Array.from({ length: MAX_SHARES_PER_USER + 20 }, (_, i) => create(i % 7 === 0 ? other : token)),
    );
    expect(replies.filter((r) => r.statusCode !== 200 && r.statusCode !== 409)).toEqual([]);
    expect(await kept('share@example.com')).toBe(MAX_SHARES_PER_USER);
    expect(await kept('other@example.com')).toBe(10);
  });
});
