import { type Kysely, Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/index.ts';
import { migrationProvider } from '../src/db/migrations/index.ts';
import { freshDatabase } from './freshDatabase.ts';

/**
 * Every migration upgrades a database that already holds rows: for each earlier schema, one row in every
 * table it has (in today's shape, trimmed to the columns that schema has), then up to the latest, then
 * back down, checking the rows each time. Run on the engine the suite runs on (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
const T = 1_763_000_000_000;
const USER = 'user-with-rows';
const SALT = 'c2FsdHNhbHRzYWx0c2FsdA==';
const CIPHER = Buffer.from('iv-and-ciphertext-of-some-writing').toString('base64');

/** One row per table, in the order foreign keys allow; rows are found again by their first column(s). */
const ROWS: Array<{ table: string; key: string[]; row: Record<string, unknown> }> = [
  { table: 'app_settings', key: ['key'], row: { key: 'fill-test', value: 'kept' } },
  {
    table: 'users',
    key: ['id'],
    row: {
      id: USER,
      email: 'rows@example.com',
      name: 'Rowan',
      role: 'user',
      password_hash: '$argon2id$fill',
      kdf_salt: SALT,
      kdf_iterations: 600_000,
      email_verified: 1,
      status: 'active',
      created_at: T,
      updated_at: T,
      last_login_at: T,
      deactivated_at: null,
      deactivation_reason: null,
    },
  },
  {
    table: 'sessions',
    key: ['token_hash'],
    row: { token_hash: 'hash-of-a-token', user_id: USER, created_at: T, expires_at: T + 1, revoked_at: null },
  },
  {
    table: 'auth_codes',
    key: ['user_id', 'purpose'],
    row: {
      user_id: USER,
      purpose: 'reset',
      code_hash: 'hash-of-a-code',
      created_at: T,
      expires_at: T + 1,
      wrong_tries: 1,
      used_at: null,
    },
  },
  { table: 'rate_limits', key: ['bucket'], row: { bucket: 'ip:login:1.2.3.4', window_start: T, hits: 3 } },
  {
    table: 'code_tries',
    key: ['bucket'],
    row: { bucket: 'keyed-hash-of-a-bucket', tries: 2, updated_at: T },
  },
  {
    table: 'mail_outbox',
    key: ['id'],
    row: {
      id: 'mail-1',
      kind: 'message',
      recipient: 'rows@example.com',
      subject: 'Hello',
      body: 'A queued message',
      payload: null,
      attempts: 0,
      next_attempt_at: T,
      claimed_until: 0,
      expires_at: null,
      last_error: null,
      created_at: T,
    },
  },
  {
    table: 'user_keys',
    key: ['id'],
    row: {
      id: 'key-1',
      user_id: USER,
      key_version: 1,
      encrypted_key: 'd3JhcHBlZC1rZXk=',
      recovery_encrypted_key: 'cmVjb3Zlcnkta2V5',
      kdf_salt: SALT,
      kdf_iterations: 600_000,
      active: 1,
      created_at: '2025-11-13T10:00:00.000Z',
      last_used: '2025-11-13T10:00:00.000Z',
      recovery_saved_at: T,
    },
  },
  {
    table: 'key_wrappings',
    key: ['id'],
    row: {
      id: 'wrapping-1',
      key_id: 'key-1',
      user_id: USER,
      encrypted_key: 'b2xkLXdyYXBwaW5n',
      recovery_encrypted_key: 'b2xkLXJlY292ZXJ5',
      kdf_salt: SALT,
      kdf_iterations: 600_000,
      replaced_at: T,
    },
  },
  {
    table: 'web_vitals',
    key: ['name', 'page'],
    row: {
      name: 'LCP',
      value: 1234.5,
      rating: 'good',
      page: '/fill-test',
      navigation_type: 'navigate',
      created_at: T,
    },
  },
  {
    table: 'progress_programs',
    key: ['user_id', 'program'],
    row: { user_id: USER, program: 'SAA', description: 'Sex Addicts Anonymous', created_at: T },
  },
  {
    table: 'progress_tracks',
    key: ['user_id', 'program', 'track'],
    row: { user_id: USER, program: 'SAA', track: '12-steps', description: 'The 12 Steps', created_at: T },
  },
  {
    table: 'step_progress',
    key: ['user_id', 'program', 'track', 'step_number'],
    row: {
      user_id: USER,
      program: 'SAA',
      track: '12-steps',
      step_number: 3,
      step_title: 'Step Three',
      completed: 1,
      actions: '[{"id":1,"completed":true}]',
      encrypted_data: CIPHER,
      encrypted: 1,
      started_at: T - 86_400_000,
      completed_at: T,
      updated_at: T,
    },
  },
  {
    table: 'status_updates',
    key: ['user_id', 'status_note'],
    row: {
      user_id: USER,
      program: 'SAA',
      track: '12-steps',
      status_note: 'Working step three',
      progress_milestone: 'step-3',
      created_at: T,
    },
  },
  {
    table: 'user_preferences',
    key: ['user_id'],
    row: {
      user_id: USER,
      date_display_opted_out: 1,
      updated_at: T,
      selected_programs: '["SAA"]',
      primary_program: 'SAA',
    },
  },
  {
    table: 'inventories',
    key: ['user_id', 'inventory_type', 'version'],
    row: {
      user_id: USER,
      inventory_type: 'fears',
      version: 'fears-current',
      items: '[{"_type":"completion_status","completed":false}]',
      encrypted_data: CIPHER,
      encrypted: 1,
      entry_count: 4,
      completed: 0,
      updated_at: T,
    },
  },
  {
    table: 'kept_aside',
    key: ['id'],
    row: {
      id: '00000000-0000-4000-8000-000000000001',
      user_id: USER,
      kind: 'step',
      program: 'SAA',
      track: '12-steps',
      step_number: 4,
      inventory_type: null,
      encrypted_data: CIPHER,
      entry_count: 0,
      completed: 0,
      created_at: T,
      updated_at: T,
    },
  },
  {
    table: 'profiles',
    key: ['user_id'],
    row: {
      user_id: USER,
      display_name: 'Rowan',
      bio: 'readable from before',
      location: '',
      phone: '',
      created_at: T,
      updated_at: T,
    },
  },
  {
    table: 'feedback',
    key: ['feedback_text'],
    row: {
      user_id: USER,
      user_email: 'rows@example.com',
      location: '/programs',
      feedback_type: 'praise',
      feedback_text: 'A kind word kept across migrations',
      device_info: '{}',
      reviewed: 0,
      admin_notes: null,
      created_at: T,
    },
  },
  {
    table: 'share_documents',
    key: ['id'],
    row: {
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      user_id: USER,
      share_name: 'For my sponsor',
      document_type: '12-step-status',
      html_content: CIPHER,
      owner_key: CIPHER,
      created_at: T,
      expires_at: T + 86_400_000,
    },
  },
  {
    table: 'admin_audit',
    key: ['target'],
    row: {
      admin_user_id: USER,
      admin_email: 'rows@example.com',
      action: 'user.role',
      target: 'someone-audited@example.com',
      details: '{}',
      created_at: T,
    },
  },
  {
    table: 'sponsorship_invitations',
    key: ['id'],
    row: {
      id: 'invitation-1',
      inviter_user_id: USER,
      inviter_email: 'rows@example.com',
      inviter_display_name: 'Rowan',
      invitee_email: 'sponsor@example.com',
      invitee_display_name: null,
      invitee_user_id: null,
      program: 'SAA',
      role: 'sponsor',
      status: 'pending',
      token_hash: 'hash-of-an-invitation-token',
      token_expires_at: T + 1,
      send_count: 1,
      last_sent_at: T,
      responded_at: null,
      created_at: T,
      updated_at: T,
    },
  },
  {
    table: 'sponsorship_relationships',
    key: ['id'],
    row: {
      id: 'relationship-1',
      invitation_id: 'invitation-1',
      sponsor_user_id: USER,
      sponsee_user_id: USER,
      program: 'SAA',
      status: 'active',
      sponsor_display_name: 'Rowan',
      sponsee_display_name: 'Rowan',
      started_at: T,
      ended_at: null,
      ended_by_user_id: null,
      end_reason: null,
      updated_at: T,
    },
  },
  {
    table: 'identity_keys',
    key: ['user_id'],
    row: {
      user_id: USER,
      public_key: 'public-key',
      encrypted_private_key: 'sealed-private-key',
      created_at: T,
    },
  },
  {
    table: 'sponsor_spaces',
    key: ['relationship_id'],
    row: { relationship_id: 'relationship-1', generation: 1, rotation_due: 0, created_at: T, updated_at: T },
  },
  {
    table: 'space_keys',
    key: ['relationship_id', 'user_id'],
    row: {
      relationship_id: 'relationship-1',
      generation: 1,
      user_id: USER,
      enc: 'enc',
      wrapped_key: 'sealed-key',
    },
  },
  {
    table: 'space_items',
    key: ['relationship_id', 'item_key'],
    row: {
      relationship_id: 'relationship-1',
      item_key: 'step-1',
      generation: 1,
      ciphertext: 'shared-step',
      updated_at: T,
      reviewed_at: null,
    },
  },
  {
    table: 'space_comments',
    key: ['id'],
    row: {
      id: 'comment-1',
      relationship_id: 'relationship-1',
      item_key: 'step-1',
      author_user_id: USER,
      generation: 1,
      ciphertext: 'a-comment',
      created_at: T,
    },
  },
  {
    table: 'space_reads',
    key: ['relationship_id', 'user_id', 'item_key'],
    row: { relationship_id: 'relationship-1', user_id: USER, item_key: 'step-1', read_at: T },
  },
  {
    table: 'space_verifications',
    key: ['relationship_id', 'user_id'],
    row: { relationship_id: 'relationship-1', user_id: USER, ciphertext: 'verified-key', updated_at: T },
  },
  {
    table: 'notifications',
    key: ['id'],
    row: {
      id: 'note-1',
      user_id: USER,
      kind: 'comment',
      other_name: 'Rowan',
      relationship_id: 'relationship-1',
      item_key: 'step-1',
      created_at: T,
      read_at: null,
    },
  },
  {
    table: 'circles_versions',
    key: ['user_id', 'version'],
    row: { user_id: USER, version: 1, ciphertext: CIPHER, created_at: T },
  },
  {
    table: 'abstinence_records',
    key: ['user_id'],
    row: { user_id: USER, ciphertext: CIPHER, revision: 3, updated_at: T },
  },
  {
    table: 'check_ins',
    key: ['user_id', 'day'],
    row: { user_id: USER, day: '2026-11-20', ciphertext: CIPHER, updated_at: T },
  },
  {
    table: 'kept_aside_tools',
    key: ['id'],
    row: {
      id: '00000000-0000-4000-8000-000000000026',
      user_id: USER,
      circles: JSON.stringify([{ version: 1, created_at: T, ciphertext: CIPHER }]),
      abstinence: null,
      check_ins: JSON.stringify([{ day: '2026-11-20', ciphertext: CIPHER }]),
      circle_versions: 1,
      check_in_count: 1,
      created_at: T,
    },
  },
  {
    table: 'sponsorship_reports',
    key: ['id'],
    row: {
      id: 'report-1',
      invitation_id: 'invitation-1',
      reporter_user_id: USER,
      issue_type: 'spam',
      description: 'kept',
      created_at: T,
    },
  },
  {
    table: 'sponsorship_audit',
    key: ['action'],
    row: { user_id: USER, action: 'invitation.sent', details: '{}', client_timestamp: null, created_at: T },
  },
];

/** What a migration is meant to change in an earlier row: checked as such, not as "kept". */
const CHANGED_BY_DESIGN: Record<string, Record<string, unknown>> = {
  // Writing from before the account-id binding stays bound to the address it was written under.
  users: { content_binding: 1, v1_binding: 'rows@example.com' },
};

type Columns = Map<string, { nullable: boolean; hasDefault: boolean; type: string }>;

let handle: DatabaseHandle;
let drop: () => Promise<void>;
afterEach(async () => {
  await handle?.close();
  await drop?.();
});

async function schemaNow(db: Kysely<unknown>): Promise<Map<string, Columns>> {
  const tables = await db.introspection.getTables();
  return new Map(
    tables.map((t) => [
      t.name,
      new Map(
        t.columns.map((c) => [
          c.name,
          { nullable: c.isNullable, hasDefault: c.hasDefaultValue || c.isAutoIncrementing, type: c.dataType },
        ]),
      ),
    ]),
  );
}

/** A value for a column today's row does not have (an earlier schema's required column). */
const filler = (type: string) => (/int|serial|double|real|numeric/i.test(type) ? 0 : '');

async function fill(db: Kysely<unknown>, schema: Map<string, Columns>) {
  const written: Array<{ table: string; key: string[]; row: Record<string, unknown> }> = [];
  for (const { table, key, row } of ROWS) {
    const columns = schema.get(table);
    if (!columns) continue;
    const values: Record<string, unknown> = {};
    for (const [name, column] of columns) {
      if (name in row) values[name] = row[name];
      else if (!column.nullable && !column.hasDefault) values[name] = filler(column.type);
    }
    await db
      .insertInto(table as never)
      .values(values as never)
      .execute();
    written.push({ table, key, row: values });
  }
  return written;
}

const same = (actual: unknown, expected: unknown) =>
  typeof expected === 'number' && actual !== null ? Number(actual) : actual;

async function expectRows(
  db: Kysely<unknown>,
  written: Awaited<ReturnType<typeof fill>>,
  schema: Map<string, Columns>,
  changed: Record<string, Record<string, unknown>> = {},
) {
  for (const { table, key, row } of written) {
    const columns = schema.get(table);
    expect(columns, `${table} is gone`).toBeDefined();
    let query = db.selectFrom(table as never).selectAll();
    for (const name of key) query = query.where(name as never, '=', row[name] as never);
    const found = (await query.execute()) as Array<Record<string, unknown>>;
    expect(found, `${table}: the row is kept`).toHaveLength(1);
    const stored = found[0] ?? {};
    for (const [name, value] of Object.entries({ ...row, ...changed[table] })) {
      if (!columns?.has(name)) continue;
      expect(same(stored[name], value), `${table}.${name}`).toEqual(value);
    }
  }
}

describe('migrations on a database that holds rows', async () => {
  it('has a row for every table of the latest schema (a new table gets one in ROWS)', async () => {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'sam-rows');
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    // step_figures is kept by triggers from step_progress, never written directly.
    const tables = [...(await schemaNow(handle.db as unknown as Kysely<unknown>)).keys()]
      .filter((name) => !name.startsWith('kysely_') && name !== 'step_figures')
      .sort();
    expect(tables).toEqual(ROWS.map((r) => r.table).sort());
  });

  const probe = migrationProvider('sqlite');
  const names = Object.keys(await probe.getMigrations()).sort();
  const earlier = names.slice(0, -1);

  it.each(earlier)('from %s: up to the latest and back down, every row kept', async (from) => {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL, 'sam-rows');
    drop = fresh.drop;
    handle = openDatabase(fresh.url);
    const migrator = new Migrator({ db: handle.db, provider: migrationProvider(handle.dialect) });
    expect((await migrator.migrateTo(from)).error).toBeUndefined();
    const db = handle.db as unknown as Kysely<unknown>;
    const before = await schemaNow(db);
    const written = await fill(db, before);

    const up = await migrator.migrateToLatest();
    expect(
      up.error,
      `${up.results?.find((r) => r.status === 'Error')?.migrationName}: ${up.error}`,
    ).toBeUndefined();
    const latest = await schemaNow(db);
    const changed = Object.fromEntries(
      Object.entries(CHANGED_BY_DESIGN).filter(([table]) =>
        // Only what a migration after `from` changes: a schema that already has the column kept the value.
        [...Object.keys(CHANGED_BY_DESIGN[table] ?? {})].some((column) => !before.get(table)?.has(column)),
      ),
    );
    await expectRows(db, written, latest, changed);
    if (before.has('step_progress') && !before.has('step_figures')) {
      // Metrics kept by triggers start from the rows that were there: one completed step three.
      const figures = await sql<{ completed: number }>`select completed from step_figures
        where program = 'SAA' and track = '12-steps' and step_number = 3`.execute(db);
      expect(figures.rows.map((r) => Number(r.completed))).toEqual([1]);
    }

    const down = await migrator.migrateTo(from);
    expect(
      down.error,
      `${down.results?.find((r) => r.status === 'Error')?.migrationName}: ${down.error}`,
    ).toBeUndefined();
    await expectRows(db, written, await schemaNow(db));
  });
});
