import SQLite from 'better-sqlite3';

/** The notes' bodies as another process sees them: a second connection to the same file. */
export function committedBodies(file: string): string[] {
  const reader = new SQLite(file, { readonly: true });
  try {
    return (reader.prepare('select body from notes order by id').all() as { body: string }[]).map(
      (r) => r.body,
    );
  } finally {
    reader.close();
  }
}
