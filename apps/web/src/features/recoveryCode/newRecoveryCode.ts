import { ApiError } from '../../app/http.ts';
import { queryClient } from '../../app/serverState.tsx';
import { makeNewRecoveryCode, type RewrappedKey, recoveryCodeOpens } from '../../crypto/index.ts';
import { keyRecordQueryKey, keysApi } from '../auth/index.ts';

const NO_KEY = 'No encryption key found';

async function currentRecord(userId: string) {
  const record = await keysApi.get(userId);
  if (!record) throw new ApiError(404, NO_KEY);
  return record;
}

/**
 * "Make a new recovery code" (decision 48): the current record, the password typed again (its auth value
 * is the re-authentication; a wrong one is caught here, before anything is sent), the same data key
 * wrapped under a new code, sent as one re-wrap. The old code opens nothing from then on.
 */
export async function newRecoveryCode(userId: string, password: string): Promise<RewrappedKey> {
  const record = await currentRecord(userId);
  try {
    return await makeNewRecoveryCode({ crypto: globalThis.crypto, userId, keysApi, record, password });
  } finally {
    await queryClient.invalidateQueries({ queryKey: keyRecordQueryKey(userId) });
  }
}

/**
 * "I still have my code": checks the typed code against the current wrapping in this browser and, when it
 * opens it, records that it is saved. False when it does not open it; CryptoError for what is not a code.
 */
export async function confirmKeptCode(userId: string, code: string): Promise<boolean> {
  const record = await currentRecord(userId);
  if (!(await recoveryCodeOpens(globalThis.crypto, record, code))) return false;
  queryClient.setQueryData(
    keyRecordQueryKey(userId),
    await keysApi.recoverySaved(userId, record.recoveryEncryptedKey),
  );
  return true;
}
