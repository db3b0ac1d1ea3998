/**
 * The browser's copy of the unwrapped data key: a non-extractable CryptoKey kept in IndexedDB
 * ('sam-keys' / 'keys', keyed by userId). Scripts can use it but can never read its bytes.
 */

export const KEY_DB_NAME = 'sam-keys';
export const KEY_STORE_NAME = 'keys';
const KEY_DB_VERSION = 1;

function defaultFactory(): IDBFactory {
  const factory = globalThis.indexedDB as IDBFactory | undefined;
  if (!factory) throw new Error('This browser cannot store encryption keys (IndexedDB is not available).');
  return factory;
}

function openKeyDb(idb: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = idb.open(KEY_DB_NAME, KEY_DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(KEY_STORE_NAME)) db.createObjectStore(KEY_STORE_NAME);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Let another tab upgrade or delete the database instead of blocking it.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('Could not open the key store'));
  });
}

/** Runs one request in its own transaction and resolves with its result once the transaction commits. */
async function inStore<T>(
  idb: IDBFactory,
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openKeyDb(idb);
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(KEY_STORE_NAME, mode);
      const request = action(tx.objectStore(KEY_STORE_NAME));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? request.error ?? new Error('Key store request failed'));
      tx.onabort = () => reject(tx.error ?? new Error('Key store request was aborted'));
    });
  } finally {
    db.close();
  }
}

function isCryptoKey(value: unknown): value is CryptoKey {
  return (
    typeof value === 'object' &&
    value !== null &&
    'type' in value &&
    'extractable' in value &&
    'algorithm' in value &&
    'usages' in value
  );
}

/** Stores the data key for `userId`. Refuses an extractable key, whose bytes scripts could read. */
export async function saveDataKey(
  userId: string,
  key: CryptoKey,
  idb: IDBFactory = defaultFactory(),
): Promise<void> {
  if (!isCryptoKey(key) || key.extractable) {
    throw new TypeError('Only a non-extractable CryptoKey may be stored');
  }
  await inStore(idb, 'readwrite', (store) => store.put(key, userId));
}

/** The stored data key for `userId`, or null when there is none (or what is stored is not a usable key). */
export async function loadDataKey(
  userId: string,
  idb: IDBFactory = defaultFactory(),
): Promise<CryptoKey | null> {
  const value: unknown = await inStore(idb, 'readonly', (store) => store.get(userId));
  if (!isCryptoKey(value) || value.extractable || value.algorithm.name !== 'AES-GCM') return null;
  return value;
}

/** Deletes every stored key (at logout). */
export async function clearDataKeys(idb: IDBFactory = defaultFactory()): Promise<void> {
  await inStore(idb, 'readwrite', (store) => store.clear());
}
