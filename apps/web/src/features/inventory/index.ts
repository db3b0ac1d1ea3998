/** What other features use from the Step Four inventories. */

export { inventoryApi } from './api.ts';
export { InventoryDialog } from './InventoryDialog.tsx';
export {
  type InventoryStatuses,
  inventoryQuery,
  useInventoryCompletion,
  useInventoryStatuses,
  useReloadInventoryStatus,
} from './useInventory.ts';
