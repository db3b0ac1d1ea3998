const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 'backup-{date}-{time}.json' in local time, e.g. backup-2026-03-05-14-07-09.json: a name that says nothing
 * about the program, since the file may land in a shared Downloads folder.
 */
export function defaultBackupFileName(now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  return `backup-${date}-${time}.json`;
}

/** The name to save under: trimmed, characters file systems refuse replaced, '.json' added when missing; null when blank. */
export function backupFileName(input: string): string | null {
  const name = [...input.trim()].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '-' : c)).join('');
  if (name === '') return null;
  return /\.json$/i.test(name) ? name : `${name}.json`;
}
