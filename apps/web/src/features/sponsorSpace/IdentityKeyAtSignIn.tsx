import { Suspense } from 'react';
import { lazyServerState } from '../../app/lazyServerState.tsx';
import { useDataCipher } from '../auth/index.ts';

const IdentityKeyQuery = lazyServerState(() => import('./IdentityKeyQuery.tsx'), 'IdentityKeyQuery');

/**
 * Once the data key is open, every account (new or existing) gets its identity key pair for the sponsor
 * space, in the background. The query library loads only then, so visitors' pages stay without it.
 */
export function IdentityKeyAtSignIn() {
  const { cipher } = useDataCipher();
  if (!cipher) return null;
  return (
    <Suspense fallback={null}>
      <IdentityKeyQuery />
    </Suspense>
  );
}
