export type Deferred = { promise: Promise<void>; resolve(): void; reject(error: unknown): void };

/** A promise with its resolve and reject at hand. */
export function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A promise nobody waits on (a group only reads joined) must not raise an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
