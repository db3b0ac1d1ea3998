import { BASE64_PATTERN } from '@sam/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, startTestApp, type TestApp } from './helpers.ts';

/**
 * No write route takes what people write in the clear: every text a write route's body accepts is either
 * ciphertext (standard base64, as `base64()` in core publishes it), a fixed choice (an enum or a literal),
 * or named below with the reason it is not sensitive. A new route or field that takes free text fails here
 * until it is encrypted in the browser, or until someone adds it below and says why it may be readable.
 */
const READABLE_BY_DESIGN: Record<string, readonly string[]> = {
  // Sign-up, sign-in and recovery: e-mail addresses, auth values (derived from the password in the
  // browser, never the password), the 6-digit codes, and the first name (a display name, read by SAM).
  'POST /api/auth/prelogin': ['email'],
  'POST /api/auth/signup': ['email', 'password', 'name'],
  'POST /api/auth/confirm': ['email', 'code'],
  'POST /api/auth/resend-confirmation': ['email'],
  'POST /api/auth/login': ['email', 'password'],
  'POST /api/auth/forgot-password': ['email'],
  'POST /api/auth/reset-password': ['email', 'code', 'new_password'],
  'POST /api/auth/change-password': ['password', 'new_password'],
  'POST /api/auth/sessions/unlock': ['password'],
  // Keys: account ids, dates and the auth value; the keys themselves are base64.
  'DELETE /api/user/keys/{userId}': ['password'],
  'POST /api/user/keys': ['userId', 'createdAt', 'lastUsed', 'password'],
  'PUT /api/user/keys/{userId}/last-used': ['lastUsed'],
  'PUT /api/user/identity-key': ['password'],
  // Where a ciphertext lives (program, track, version, record ids), never what it says.
  'POST /api/user/binding/swap': ['program', 'track', 'version', 'id'],
  'POST /api/user/email-change': ['newEmail', 'password'],
  'POST /api/user/email-change/confirm': ['newEmail', 'code'],
  // Page speed reports: a report id, the page's path and how it was reached.
  'POST /api/vitals': ['id', 'page', 'navigationType'],
  // The workbook's structure: SAM's own names for the program, track, steps and actions, and the status
  // line SAM's client sets from fixed texts; never a person's answers (those are `data.encryptedData`).
  'POST /api/progress/program': ['program', 'program_description'],
  'POST /api/progress/track': ['program', 'track', 'track_description'],
  'POST /api/progress/step': ['program', 'track', 'step_title', 'data.actions[].description'],
  'POST /api/progress/action': ['program', 'track'],
  'POST /api/progress/status': ['program', 'track', 'status_note', 'progress_milestone'],
  'PUT /api/progress/step/{n}/dates': ['program', 'track', 'started_at', 'completed_at'],
  'POST /api/user/program-preferences': ['selectedPrograms[]', 'primaryProgram'],
  'PUT /api/user/program-preferences': ['selectedPrograms[]', 'primaryProgram'],
  // Inventories: which version, and the completion marker's date; the entries are `encryptedData`.
  'POST /api/save_inventory_encrypted': ['version', 'items[].timestamp'],
  'DELETE /api/delete_inventory': ['version'],
  'POST /api/inventory/encrypt-readable': ['version', 'items[].timestamp'],
  'POST /api/kept-aside': ['program', 'track'],
  // Clearing all writing asks for the auth value again.
  'POST /api/backup/clear': ['password'],
  // Sponsor spaces: account and comment ids beside the sealed keys.
  'POST /api/sponsorship/spaces/{relationshipId}/key': ['keys[].userId'],
  'POST /api/sponsorship/spaces/{relationshipId}/rotate': ['keys[].userId', 'comments[].id'],
  // A restore carries the same structure as the saves above; every answer and entry in it is base64.
  'POST /api/backup/restore': [
    'steps[].program',
    'steps[].track',
    'steps[].step_title',
    'steps[].data.actions[].description',
    'steps[].started_at',
    'steps[].completed_at',
    'inventories[].version',
    'inventories[].items[].timestamp',
    'circles[].createdAt',
    'checkIns[].day',
  ],
  // Display names, as today: sponsors, sponsees and invitations show them, so SAM reads them.
  'POST /api/profile': ['display_name'],
  'PUT /api/profile': ['display_name'],
  'DELETE /api/account': ['email', 'password'],
  // Feedback is written to the SAM team, and the form says it is read by them.
  'POST /api/feedback': [
    'userEmail',
    'locationInApp',
    'feedbackText',
    'deviceInfo.deviceType',
    'deviceInfo.browser',
    'deviceInfo.browserVersion',
    'deviceInfo.operatingSystem',
    'deviceInfo.screenResolution',
    'deviceInfo.userAgent',
  ],
  // The name the owner gives a shared document in their own list; the document itself is base64.
  'POST /api/share/documents': ['share_name'],
  'DELETE /api/share/documents': ['document_id'],
  // Sponsorship: e-mail addresses, display names, programs, ids and invitation tokens. A report of an
  // unwanted invitation goes to the admins, and the reason for ending a relationship is shown to the other
  // person; both forms say SAM's server can read them.
  'POST /api/sponsorship/invitations': [
    'inviteeEmail',
    'inviteeDisplayName',
    'program',
    'inviterDisplayName',
  ],
  'PUT /api/sponsorship/invitations/{id}/answer': ['displayName'],
  'PUT /api/sponsorship/invitations/{id}/link-user': ['userId'],
  'POST /api/sponsorship/invitations/check-duplicates': ['inviterUserId', 'inviteeEmail', 'program'],
  'POST /api/sponsorship/invitations/history': ['inviterUserId', 'inviteeEmail', 'program'],
  'POST /api/sponsorship/invitations/validate': [
    'inviteeEmail',
    'inviteeDisplayName',
    'program',
    'role',
    'inviterDisplayName',
  ],
  'POST /api/sponsorship/invitations/suggestions': ['inviterUserId', 'partialEmail'],
  'POST /api/sponsorship/invitations/report': ['invitationId', 'description'],
  'POST /api/sponsorship/invitations/respond': ['invitationId', 'token', 'displayName'],
  'PUT /api/sponsorship/relationships/{id}': ['displayName'],
  'PUT /api/sponsorship/relationships/{id}/end': ['reason'],
  'POST /api/sponsorship/email-change': ['oldEmail', 'newEmail', 'userId'],
  // The sponsorship audit log: an action name, ids, a date and short details the client sets.
  'POST /api/sponsorship/audit/log': ['action', 'details', 'details.*', 'timestamp', 'userId'],
  // Admin work on accounts and feedback: notes and reasons written by the admins themselves.
  'POST /api/admin/feedback/{id}/review': ['admin_notes'],
  'PUT /api/admin/users/{email}/status': ['user_id', 'deactivation_reason'],
};

type Schema = {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  maxLength?: number;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
};
type Document = {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
};

const WRITES = ['post', 'put', 'patch', 'delete'];

/** Every place in a body schema that takes free text, as a path ('items[].who', 'details.*'). */
function freeTextFields(doc: Document, schema: Schema | undefined, at: string, seen = new Set<string>()) {
  const found: string[] = [];
  const walk = (s: Schema | boolean | undefined, path: string): void => {
    if (s === false || s === undefined) return;
    // `true` and `{}` take anything, text included.
    if (s === true || Object.keys(s).length === 0) {
      found.push(path || '(body)');
      return;
    }
    if (s.$ref) {
      if (seen.has(s.$ref)) return;
      seen.add(s.$ref);
      walk(doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')], path);
      return;
    }
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(branch, path);
    const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    const sub = (key: string) => (path ? `${path}.${key}` : key);
    if (types.includes('object') || s.properties || s.additionalProperties !== undefined) {
      for (const [key, value] of Object.entries(s.properties ?? {})) walk(value, sub(key));
      if (s.additionalProperties !== undefined) walk(s.additionalProperties, sub('*'));
    }
    if (types.includes('array') || s.items) walk(s.items ?? true, `${path}[]`);
    if (types.includes('string')) {
      const fixed = s.enum !== undefined || s.const !== undefined;
      if (!fixed && s.pattern !== BASE64_PATTERN) found.push(path);
    }
    const known = ['string', 'object', 'array', 'number', 'integer', 'boolean', 'null'];
    // A schema with no type (and no branches) takes anything.
    if (types.length === 0 && !s.anyOf && !s.oneOf && !s.allOf && !s.properties && !s.enum && !s.const) {
      if (!s.not) found.push(path || '(body)');
    }
    for (const type of types) if (!known.includes(type)) found.push(`${path} (${type})`);
  };
  walk(schema, at);
  return found;
}

function clearTextOf(doc: Document): string[] {
  const out: string[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!WRITES.includes(method)) continue;
      const route = `${method.toUpperCase()} ${path}`;
      const allowed = new Set(READABLE_BY_DESIGN[route] ?? []);
      for (const content of Object.values(operation.requestBody?.content ?? {})) {
        for (const field of freeTextFields(doc, content.schema, '')) {
          if (!allowed.has(field)) out.push(`${route}: ${field}`);
        }
      }
    }
  }
  return [...new Set(out)].sort();
}

describe('no write route accepts sensitive text in the clear', () => {
  let t: TestApp;
  let doc: Document;
  beforeAll(async () => {
    t = await startTestApp();
    doc = (await get(t, '/api/docs/json')).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes only ciphertext, fixed choices and the fields named as readable by design', () => {
    expect(clearTextOf(doc)).toEqual([]);
  });

  it('walks every write route of the document', () => {
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => WRITES.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(writes.length).toBeGreaterThan(80);
    // Every allowance names a route that exists, so none outlives its route unnoticed.
    expect(Object.keys(READABLE_BY_DESIGN).filter((route) => !writes.includes(route))).toEqual([]);
  });

  it('would catch a new route that takes free text, an open record or anything at all', () => {
    const route = (schema: Schema): Document => ({
      paths: { '/api/new': { post: { requestBody: { content: { 'application/json': { schema } } } } } },
    });
    const object = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties });
    expect(clearTextOf(route(object({ note: { type: 'string', maxLength: 500 } })))).toEqual([
      'POST /api/new: note',
    ]);
    expect(
      clearTextOf(
        route(object({ entries: { type: 'array', items: { type: 'object', additionalProperties: {} } } })),
      ),
    ).toEqual(['POST /api/new: entries[].*']);
    expect(clearTextOf(route({}))).toEqual(['POST /api/new: (body)']);
    expect(clearTextOf(route(object({ text: { anyOf: [{ type: 'string' }, { type: 'number' }] } })))).toEqual(
      ['POST /api/new: text'],
    );
    // Ciphertext and fixed choices pass.
    expect(
      clearTextOf(
        route(
          object({
            encryptedData: { type: 'string', pattern: BASE64_PATTERN },
            kind: { type: 'string', enum: ['a', 'b'] },
            count: { type: 'integer' },
          }),
        ),
      ),
    ).toEqual([]);
  });
});
