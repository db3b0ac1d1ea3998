import { inventoryApi } from '../inventory/index.ts';
import { progressApi } from '../steps/index.ts';
import { earlierKeysApi, keptAsideApi } from './api.ts';
import type { EarlierWritingApis } from './unlockEarlierWriting.ts';

/** The unlock's and the scan's server calls, through each feature's own API module. */
export function earlierWritingApis(userId: string): EarlierWritingApis {
  return {
    earlierKeys: () => earlierKeysApi.list(userId),
    steps: async () => (await progressApi.list()).progress,
    saveStep: (save) => progressApi.saveStep(save),
    inventoryVersions: async (type) => (await inventoryApi.versions(type)).versions.map((v) => v.version),
    inventory: (type, version) => inventoryApi.getVersion(type, version),
    saveInventory: (type, version, encryptedData, marker, entryCount) =>
      inventoryApi.saveVersion(type, version, encryptedData, marker, entryCount),
    keptAside: () => keptAsideApi.list(),
    updateKeptAside: (id, encryptedData) => keptAsideApi.update(id, encryptedData),
    putBack: (id) => keptAsideApi.putBack(id),
  };
}
