import { closeSync, fdatasync, openSync } from 'node:fs';
import { type Deferred, deferred } from './deferred.ts';

type Sync = (fd: number, done: (error: Error | null) => void) => void;

/**
 * Makes committed WAL frames durable off the main thread. With synchronous=NORMAL, SQLite's COMMIT only
 * writes the frames into the operating system's cache; `synced()` answers once an fdatasync of the WAL file
 * that began after it was called has finished, so everything committed before the call is on the disk.
 * Syncs run one at a time in libuv's thread pool: commits made while one runs share the next.
 *
 * The file is opened on the first call, after SQLite created it. SQLite keeps the same WAL file (and so the
 * same inode) while any connection is open: it only deletes it when the last connection closes.
 */
export class WalSync {
  readonly #file: string;
  readonly #sync: Sync;
  #fd: number | undefined;
  #running: Promise<void> | undefined;
  #next: Deferred | undefined;
  /** fdatasync calls so far (read by the tests). */
  syncs = 0;

  constructor(file: string, sync: Sync = fdatasync) {
    this.#file = file;
    this.#sync = sync;
  }

  synced(): Promise<void> {
    if (!this.#running) return this.#start();
    this.#next ??= deferred();
    return this.#next.promise;
  }

  /** Waits for the sync under way and the one queued after it, then closes the file. */
  async close(): Promise<void> {
    while (this.#running) await this.#running.catch(() => undefined);
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #start(): Promise<void> {
    try {
      this.#fd ??= openSync(this.#file, 'r');
    } catch (error) {
      return Promise.reject(error);
    }
    this.syncs += 1;
    const running = new Promise<void>((resolve, reject) => {
      this.#sync(this.#fd as number, (error) => (error ? reject(error) : resolve()));
    });
    this.#running = running;
    const startNext = () => {
      this.#running = undefined;
      const next = this.#next;
      this.#next = undefined;
      if (next) this.#start().then(next.resolve, next.reject);
    };
    running.then(startNext, startNext);
    return running;
  }
}
