import { sql } from 'kysely';
import { deleteFeedbackOf } from './feedback.ts';
import type { Db } from './index.ts';
import { deleteInvitationsAddressedTo } from './invitations.ts';
import { containsPattern } from './likePattern.ts';
import { deleteMailTo } from './mailOutbox.ts';
import { deleteUser } from './users.ts';

/** What an audit entry says where it named a deleted account. */
export const ERASED_ACCOUNT = 'deleted account';

type Person = { id: string; email: string };

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a text names the person: their id, or their e-mail in any letter case. */
function names(person: Person, text: string): boolean {
  return text.includes(person.id) || text.toLowerCase().includes(person.email.toLowerCase());
}

/** The text with every mention of the person replaced. */
function redact(person: Person, text: string): string {
  return text
    .split(person.id)
    .join(ERASED_ACCOUNT)
    .replace(new RegExp(escapeRegExp(person.email), 'gi'), ERASED_ACCOUNT);
}

/** Rows whose column may name the person (a superset: `names` decides exactly). */
function mayName(column: string, person: Person) {
  const [id, email] = [person.id, person.email].map((v) => containsPattern(v.toLowerCase()));
  const value = sql`lower(${sql.ref(column)})`;
  return sql<boolean>`(${value} like ${id} escape '\\' or ${value} like ${email} escape '\\')`;
}

/** Throttle windows named after the person (code sends, sign-in failures, per-account limits). */
/** Other people's sponsorship audit entries keep what happened, without the deleted person in them. */
async function redactSponsorshipAudit(db: Db, person: Person): Promise<void> {
  const rows = await db
    .selectFrom('sponsorship_audit')
    .select(['id', 'details'])
    .where(mayName('details', person))
    .execute();
  for (const row of rows.filter((r) => names(person, r.details))) {
    await db
      .updateTable('sponsorship_audit')
      .set({ details: redact(person, row.details) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Admin actions stay on record (who did what, when), but no longer name the deleted account. */
async function redactAdminAudit(db: Db, person: Person): Promise<void> {
  const rows = await db
    .selectFrom('admin_audit')
    .select(['id', 'admin_email', 'target', 'details'])
    .where((eb) =>
      eb.or([mayName('admin_email', person), mayName('target', person), mayName('details', person)]),
    )
    .execute();
  for (const row of rows) {
    const changed = {
      admin_email: redact(person, row.admin_email),
      target: redact(person, row.target),
      details: redact(person, row.details),
    };
    if (Object.entries(changed).every(([column, value]) => row[column as keyof typeof changed] === value)) {
      continue;
    }
    await db.updateTable('admin_audit').set(changed).where('id', '=', row.id).execute();
  }
}

/**
 * Deletes an account and every row that belongs to it or names it, in one transaction: the user and what
 * cascades from it (sessions, codes, keys, identity keys, notes, progress, inventories, preferences, profile, share documents,
 * sent invitations and their reports, relationships and their sponsor spaces, own audit entries), their feedback, invitations
 * addressed to them, mail still queued for them (throttle windows hold only keyed hashes and expire); audit entries of other people are kept but the
 * id and e-mail in them are replaced.
 */
export async function eraseAccount(db: Db, person: Person): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteFeedbackOf(trx, person);
    await deleteInvitationsAddressedTo(trx, person);
    await deleteMailTo(trx, person.email);
    await deleteUser(trx, person.id);
    await redactSponsorshipAudit(trx, person);
    await redactAdminAudit(trx, person);
  });
}
