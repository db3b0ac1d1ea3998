import type { BindingSwap } from '@sam/core';
import type { Db } from './index.ts';

/**
 * Replaces one of the user's ciphertexts with the same writing bound to the account id, only while the
 * record still holds `from`; true when it did. Nothing but the ciphertext changes.
 */
export async function swapCiphertext(db: Db, userId: string, swap: BindingSwap): Promise<boolean> {
  const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows) === 1;
  switch (swap.kind) {
    case 'step':
      return changed(
        await db
          .updateTable('step_progress')
          .set({ encrypted_data: swap.to })
          .where('user_id', '=', userId)
          .where('program', '=', swap.program)
          .where('track', '=', swap.track)
          .where('step_number', '=', swap.step_number)
          .where('encrypted_data', '=', swap.from)
          .executeTakeFirst(),
      );
    case 'inventory':
      return changed(
        await db
          .updateTable('inventories')
          .set({ encrypted_data: swap.to })
          .where('user_id', '=', userId)
          .where('inventory_type', '=', swap.inventory_type)
          .where('version', '=', swap.version)
          .where('encrypted_data', '=', swap.from)
          .executeTakeFirst(),
      );
    case 'kept-aside':
      return changed(
        await db
          .updateTable('kept_aside')
          .set({ encrypted_data: swap.to })
          .where('user_id', '=', userId)
          .where('id', '=', swap.id)
          .where('encrypted_data', '=', swap.from)
          .executeTakeFirst(),
      );
    case 'profile':
      return changed(
        await db
          .updateTable('profiles')
          .set({ details: swap.to })
          .where('user_id', '=', userId)
          .where('details', '=', swap.from)
          .executeTakeFirst(),
      );
    case 'share':
      return changed(
        await db
          .updateTable('share_documents')
          .set({ owner_key: swap.to })
          .where('user_id', '=', userId)
          .where('id', '=', swap.id)
          .where('owner_key', '=', swap.from)
          .executeTakeFirst(),
      );
  }
}

/** Raises the account's binding; never lowers it. */
export async function raiseContentBinding(db: Db, userId: string, version: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ content_binding: version })
    .where('id', '=', userId)
    .where('content_binding', '<', version)
    .execute();
}
