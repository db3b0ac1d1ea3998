import { INVENTORY_TYPES } from '@sam/core';
import { readIntoCache } from '../../app/serverState.tsx';
import { inventoryQuery } from '../inventory/index.ts';
import { progressListQuery } from './useProgress.ts';

/** What a step page draws first: the step records, and on step 4 the three inventories' status. */
export function readStepPageAhead(userId: string, step: number): void {
  readIntoCache(progressListQuery(userId));
  if (step === 4) for (const type of INVENTORY_TYPES) readIntoCache(inventoryQuery(userId, type));
}
