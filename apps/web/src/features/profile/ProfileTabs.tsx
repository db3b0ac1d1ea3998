import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { SponsorshipTab } from '../sponsorship/index.ts';
import type { HeadingLevel } from './Heading.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { ProgressHistoryTab } from './ProgressHistoryTab.tsx';
import styles from './profile.module.css';

const TABS = [
  { value: 'profile', label: 'Profile' },
  { value: 'history', label: 'Progress History' },
  { value: 'sponsorship', label: 'Sponsorship' },
] as const;
export type ProfileTabValue = (typeof TABS)[number]['value'];

/** The tab a link asks for (/profile?tab=sponsorship); the first one when it names none. */
export function profileTabOf(value: string | null): ProfileTabValue {
  return TABS.find((t) => t.value === value)?.value ?? 'profile';
}

/** The three tabs of the Profile dialog, shared by the dialog and the /profile page. */
export function ProfileTabs({
  headingLevel,
  initialTab = 'profile',
}: {
  headingLevel: HeadingLevel;
  initialTab?: ProfileTabValue;
}) {
  const [tab, setTab] = useState<ProfileTabValue>(initialTab);
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as ProfileTabValue)}>
      <Tabs.List className={styles.tabs} aria-label="Profile sections">
        {TABS.map(({ value, label }) => (
          <Tabs.Trigger key={value} value={value} className={styles.tab}>
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="profile" className={styles.tabPanel}>
        <ProfileTab headingLevel={headingLevel} />
      </Tabs.Content>
      <Tabs.Content value="history" className={styles.tabPanel}>
        <ProgressHistoryTab />
      </Tabs.Content>
      <Tabs.Content value="sponsorship" className={styles.tabPanel}>
        <SponsorshipTab />
      </Tabs.Content>
    </Tabs.Root>
  );
}
