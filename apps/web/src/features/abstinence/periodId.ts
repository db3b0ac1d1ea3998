/** A new period's id: random, so periods made in two windows never collide. */
export const newPeriodId = () => globalThis.crypto.randomUUID();
