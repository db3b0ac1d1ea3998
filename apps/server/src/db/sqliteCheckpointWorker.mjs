// Runs in a worker thread (sqliteCheckpoints.ts): copies the WAL's committed pages back into the database
// file with its own connection, so that work and its fsyncs never hold up requests on the main thread.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 5000');
let running = true;

async function loop() {
  while (running) {
    try {
      // PASSIVE never waits for readers or writers: it copies what it can and tries again next time.
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // The database is busy or closing; the next round tries again.
    }
    await new Promise((resolve) => setTimeout(resolve, workerData.intervalMs));
  }
  db.close();
}

parentPort.on('message', (message) => {
  if (message === 'stop') running = false;
});
loop().then(() => parentPort.postMessage('stopped'));
