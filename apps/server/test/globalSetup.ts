import type { TestProject } from 'vitest/node';
import { migratedDatabase } from './freshDatabase.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database every test app starts as a copy of (startTestApp). */
    migratedDatabase: string;
  }
}

/** Before the server tests: the migrations run once, into the database each test's own is copied from. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const migrated = await migratedDatabase(process.env.TEST_DATABASE_URL);
  project.provide('migratedDatabase', migrated.url);
  return migrated.drop;
}
