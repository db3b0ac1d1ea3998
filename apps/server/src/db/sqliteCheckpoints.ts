import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/** How often the worker checkpoints; the WAL stays small and no request waits on a checkpoint. */
const INTERVAL_MS = 200;
/**
 * Should the worker stop or fall behind, the connection itself checkpoints once the WAL holds this many
 * pages (SQLite's own default is 1,000 pages, about 4 MB, checkpointed inside the request that crosses it).
 */
const FALLBACK_PAGES = 20_000;

/**
 * Moves SQLite's WAL checkpoints off the request path: a worker thread with its own connection copies
 * committed pages into the database file, and the server's connection only checkpoints as a fallback.
 * Durability does not change: a commit is acknowledged once its WAL frames are synced (sqliteWalSync.ts).
 */
export function startBackgroundCheckpoints(sqlite: SqliteDatabase, file: string): { stop(): Promise<void> } {
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  const worker = new Worker(new URL('./sqliteCheckpointWorker.mjs', import.meta.url), {
    workerData: { file, intervalMs: INTERVAL_MS },
  });
  // A worker that dies leaves the fallback in place; the server goes on.
  worker.on('error', (error) => console.warn(`SQLite checkpoint worker stopped: ${error.message}`));
  worker.unref();
  return {
    async stop() {
      if (worker.threadId === -1) return;
      const stopped = once(worker, 'message');
      worker.postMessage('stop');
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, 2000))]);
      await worker.terminate();
    },
  };
}
