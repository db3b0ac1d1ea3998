/** A new entry's id: random, so entries made on two devices never collide. */
export const newEntryId = () => globalThis.crypto.randomUUID();
