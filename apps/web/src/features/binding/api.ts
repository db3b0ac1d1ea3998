import { type BindingSwap, bindingSwapReplySchema, contentBindingReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';
import { inventoryApi } from '../inventory/index.ts';
import { profileApi } from '../profile/index.ts';
import { keptAsideApi } from '../recovery/index.ts';
import { shareApi } from '../share/index.ts';
import { progressApi } from '../steps/index.ts';
import type { BindingApis } from './moveToAccountBinding.ts';

/** The binding routes. The only place that builds their URLs. */
export const bindingApi = {
  swap: async (swap: BindingSwap) =>
    (await http.post('/api/user/binding/swap', bindingSwapReplySchema, swap)).swapped,
  finish: () => http.put('/api/user/binding', contentBindingReplySchema, { binding: 2 }),
};

/** The move's server calls, through each feature's own API module. */
export const bindingApis: BindingApis = {
  steps: async () => (await progressApi.list()).progress,
  inventoryVersions: async (type) => (await inventoryApi.versions(type)).versions.map((v) => v.version),
  inventory: (type, version) => inventoryApi.getVersion(type, version),
  keptAside: () => keptAsideApi.list(),
  profileDetails: async () => (await profileApi.get())?.details ?? null,
  shareKeys: async () => (await shareApi.list()).documents,
  swap: bindingApi.swap,
  finish: async () => {
    await bindingApi.finish();
  },
};
