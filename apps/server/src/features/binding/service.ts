import { type BindingSwap, CURRENT_CONTENT_BINDING } from '@sam/core';
import { raiseContentBinding, swapCiphertext } from '../../db/contentBinding.ts';
import type { UserRow } from '../../db/users.ts';
import type { AppDeps } from '../../deps.ts';

/**
 * Moving writing to the account-id binding. The browser does the work (only it holds the key); the server
 * swaps ciphertexts it cannot read, one at a time and only where nothing newer was saved, and records
 * when the browser says everything has moved.
 */
export function createBindingService(deps: AppDeps) {
  return {
    async swap(user: UserRow, swap: BindingSwap): Promise<{ swapped: boolean }> {
      return { swapped: await swapCiphertext(deps.db, user.id, swap) };
    },

    async finish(user: UserRow): Promise<{ contentBinding: number }> {
      await raiseContentBinding(deps.db, user.id, CURRENT_CONTENT_BINDING);
      return { contentBinding: Math.max(user.content_binding, CURRENT_CONTENT_BINDING) };
    },
  };
}
