import { useEffect, useRef } from 'react';
import { useDataCipher } from '../auth/index.ts';
import { rotateEndedSpaces } from './rotateEndedSpaces.ts';
import { SharedCopyNote } from './SharedCopyNote.tsx';
import { useIdentityKey } from './useIdentityKey.ts';

/**
 * Makes or opens the identity key pair (a failure is tried again at the next page load), moves ended
 * spaces to a new key, and shows the note a sponsor's copy may leave.
 */
export function IdentityKeyQuery() {
  const { data: identity, error } = useIdentityKey();
  const { cipher } = useDataCipher();
  const rotated = useRef(false);
  useEffect(() => {
    if (error) console.warn('Could not set up the identity key', error);
  }, [error]);
  useEffect(() => {
    if (!identity || !cipher || rotated.current) return;
    rotated.current = true;
    rotateEndedSpaces(identity, cipher).catch((e: unknown) =>
      console.warn('Could not move an ended space to a new key', e),
    );
  }, [identity, cipher]);
  return <SharedCopyNote />;
}
