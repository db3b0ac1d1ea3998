import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Page } from '../../ui/Page.tsx';
import { useSession } from '../auth/index.ts';
import styles from './admin.module.css';
import { FeedbackTab } from './FeedbackTab.tsx';
import { MetricsTab } from './MetricsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

const TABS = [
  { value: 'feedback', label: 'Feedback' },
  { value: 'metrics', label: 'Metrics' },
  { value: 'users', label: 'Users' },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** Admins only: anyone else is sent home. The server checks the role again. */
export function AdminPage() {
  const { user } = useSession();
  const [tab, setTab] = useState<TabValue>('feedback');
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return (
    <Page
      title="Admin Dashboard"
      intro="Feedback from members, usage figures and accounts. Nobody's private writing is ever shown here."
    >
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <Tabs.List className={styles.tabList} aria-label="Admin sections">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className={styles.tab}>
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="feedback" className={styles.panel}>
          <FeedbackTab />
        </Tabs.Content>
        <Tabs.Content value="metrics" className={styles.panel}>
          <MetricsTab />
        </Tabs.Content>
        <Tabs.Content value="users" className={styles.panel}>
          <UsersTab currentEmail={user.email} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
