import type { Page } from 'playwright-core';

/**
 * Everything this origin keeps on the device that a script can read: localStorage, sessionStorage, and
 * every IndexedDB store's keys and values as text (CryptoKeys show as a marker: their bytes cannot be read).
 */
export function storedOnDevice(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    const out: string[] = [
      `localStorage: ${JSON.stringify({ ...localStorage })}`,
      `sessionStorage: ${JSON.stringify({ ...sessionStorage })}`,
    ];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await request(indexedDB.open(info.name));
      for (const name of Array.from(db.objectStoreNames)) {
        const store = () => db.transaction(name, 'readonly').objectStore(name);
        const keys = await request(store().getAllKeys());
        const values = await request(store().getAll());
        const text = JSON.stringify(values, (_k, v) => (v instanceof CryptoKey ? '[CryptoKey]' : v));
        out.push(`${info.name}/${name}: ${JSON.stringify(keys)} ${text}`);
      }
      db.close();
    }
    return out.join('\n');
  });
}

/** The places that hold a draft in this browser ('sam-drafts' / 'drafts' is keyed `${userId}|${place}`). */
export function draftPlaces(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'sam-drafts')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('sam-drafts');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('drafts')) return [];
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const r = db.transaction('drafts', 'readonly').objectStore('drafts').getAllKeys();
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      return keys.map((k) => String(k).split('|').slice(1).join('|'));
    } finally {
      db.close();
    }
  });
}
