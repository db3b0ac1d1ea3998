import { get, newUser, post, type TestApp } from '../helpers.ts';

const base64 = (text: string) => Buffer.from(text).toString('base64');

export type SeededUser = {
  email: string;
  token: string;
  id: string;
  inventoryVersion: string;
  shareId: string;
  invitationId: string;
  keptAsideId: string;
  /** The day of the user's nightly check-in. */
  checkInDay: string;
  /** The public id of the session `token` belongs to. */
  sessionId: string;
  /** Strings only this user's data holds: another user's replies must never contain them. */
  markers: string[];
};

function ok(res: { statusCode: number; body: string }, what: string) {
  if (res.statusCode !== 200) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return JSON.parse(res.body);
}

/**
 * A confirmed user with a step, an inventory, a key record, a share document, an invitation, an earlier
 * step kept aside, their three circles, abstinence dates and a nightly check-in.
 */
export async function seedUser(t: TestApp, email: string): Promise<SeededUser> {
  const token = await newUser(t, email, `Owner ${email.split('@')[0]}`);
  const { id } = await t.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const stepSecret = base64(`step answers of ${email}`);
  const inventorySecret = base64(`inventory of ${email}`);
  const keySecret = base64(`wrapped data key of ${email}`);
  const shareSecret = base64(`shared document of ${email}`);
  const keptSecret = base64(`earlier step answers of ${email}`);
  ok(
    await post(
      t,
      '/api/progress/step',
      {
        program: 'SAA',
        track: '12-steps',
        step_number: 1,
        step_title: 'Step 1',
        completed: false,
        data: { actions: [{ id: 1, completed: true }], encryptedData: stepSecret, encrypted: true },
      },
      token,
    ),
    'step save',
  );
  ok(
    await post(
      t,
      '/api/progress/step',
      {
        program: 'SAA',
        track: '12-steps',
        step_number: 2,
        step_title: 'Step 2',
        completed: false,
        data: { actions: [], encryptedData: keptSecret, encrypted: true },
      },
      token,
    ),
    'step 2 save',
  );
  const kept = ok(
    await post(
      t,
      '/api/kept-aside',
      { kind: 'step', program: 'SAA', track: '12-steps', step_number: 2 },
      token,
    ),
    'kept aside',
  );
  const inventoryVersion = 'resentments-current';
  ok(
    await post(
      t,
      '/api/save_inventory_encrypted',
      {
        inventory_type: 'resentments',
        version: inventoryVersion,
        items: [],
        encryptedData: inventorySecret,
        encrypted: true,
        entry_count: 3,
      },
      token,
    ),
    'inventory save',
  );
  const now = new Date().toISOString();
  ok(
    await post(
      t,
      '/api/user/keys',
      {
        userId: email,
        encryptedKey: keySecret,
        recoveryEncryptedKey: keySecret,
        createdAt: now,
        lastUsed: now,
      },
      token,
    ),
    'key record',
  );
  const share = ok(
    await post(
      t,
      '/api/share/documents',
      {
        share_name: 'My steps',
        document_type: '12-step-status',
        html_content: shareSecret,
        owner_key: keySecret,
      },
      token,
    ),
    'share document',
  );
  const invitation = ok(
    await post(
      t,
      '/api/sponsorship/invitations',
      { inviteeEmail: `sponsor-of-${email}`, program: 'SAA', role: 'sponsor', inviterDisplayName: 'Owner' },
      token,
    ),
    'invitation',
  );
  const circlesSecret = base64(`three circles of ${email}`.padEnd(40, '.'));
  const abstinenceSecret = base64(`abstinence dates of ${email}`.padEnd(40, '.'));
  const checkInSecret = base64(`nightly check-in of ${email}`.padEnd(40, '.'));
  const checkInDay = '2026-01-15';
  const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const saved = async (res: Promise<{ statusCode: number; body: string }>, what: string) => {
    const reply = await res;
    if (reply.statusCode >= 300) throw new Error(`${what} failed: ${reply.statusCode} ${reply.body}`);
  };
  await saved(inject('POST', '/api/circles', { basedOn: null, ciphertext: circlesSecret }), 'circles');
  await saved(inject('PUT', '/api/abstinence', { revision: 0, ciphertext: abstinenceSecret }), 'abstinence');
  await saved(inject('PUT', `/api/check-ins/${checkInDay}`, { ciphertext: checkInSecret }), 'check-in');
  const sessions = ok(await get(t, '/api/auth/sessions', token), 'sessions').sessions;
  return {
    email,
    token,
    id,
    inventoryVersion,
    shareId: share.id ?? share.document_id,
    invitationId: invitation.id,
    keptAsideId: kept.id,
    checkInDay,
    sessionId: sessions[0].id,
    markers: [
      stepSecret,
      inventorySecret,
      keySecret,
      shareSecret,
      keptSecret,
      circlesSecret,
      abstinenceSecret,
      checkInSecret,
    ],
  };
}
