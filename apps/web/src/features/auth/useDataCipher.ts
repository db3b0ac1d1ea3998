import { useMemo } from 'react';
import { createDataCipher, type DataCipher } from '../../crypto/index.ts';
import { type DataKeyStatus, useDataKey } from './dataKeyContext.ts';
import { useSession } from './sessionContext.ts';

/**
 * What private features use: `cipher` encrypts and decrypts the user's data (null until the key is
 * ready); `requestUnlock` asks for the password when this browser does not have the key.
 */
export function useDataCipher(): {
  status: DataKeyStatus;
  cipher: DataCipher | null;
  requestUnlock(): Promise<boolean>;
} {
  const { status, key, requestUnlock } = useDataKey();
  const { user } = useSession();
  const accountId = user?.id ?? null;
  const v1Binding = user?.v1Binding ?? null;
  const cipher = useMemo(
    () => (key && accountId ? createDataCipher(globalThis.crypto, key, accountId, v1Binding) : null),
    [key, accountId, v1Binding],
  );
  return { status, cipher, requestUnlock };
}
