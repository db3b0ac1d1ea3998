import type { ProfileTabValue } from './ProfileTabs.tsx';

/** The /profile page opened on one of its tabs, for a link from another screen. */
export function profileTabPath(tab: ProfileTabValue): string {
  return `/profile?tab=${tab}`;
}
