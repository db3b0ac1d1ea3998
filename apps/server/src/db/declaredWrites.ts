import { declareCheckInWrites } from './checkIns.ts';
import { declareCirclesWrites } from './circlesVersions.ts';
import type { Db } from './index.ts';
import { declareSessionTouches } from './sessions.ts';
import { declareStepSaves } from './stepProgress.ts';

/**
 * The writes the exact caches are told about (decisions 27 and 34), declared once when the database opens.
 * A declaration matches a statement by its SQL, so it also holds inside `db.transaction()`, whose own
 * Kysely instance compiles the same SQL but is not known to the caches. A write left out is still exact:
 * it empties every entry of its tables.
 */
export function declareWrites(db: Db): void {
  declareSessionTouches(db);
  declareStepSaves(db);
  declareCheckInWrites(db);
  declareCirclesWrites(db);
}
