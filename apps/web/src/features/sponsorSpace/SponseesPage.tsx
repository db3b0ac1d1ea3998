import { Link } from 'react-router';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoginPrompt, RequireDataKey } from '../auth/index.ts';
import styles from './sponsorSpace.module.css';
import { useSpaceList } from './useSpaceView.ts';
import { SPACE_WORDING } from './wording.ts';

/** /sponsees: each sponsee who shares with this person, with how much is new since the last visit. */
export function SponseesPage() {
  return (
    <Page
      title="My sponsees"
      intro="What your sponsees chose to share with you. Only the two of you can read it; SAM cannot."
    >
      <RequireDataKey signedOut={<LoginPrompt>Sign in to see what your sponsees share.</LoginPrompt>}>
        <SponseeList />
      </RequireDataKey>
    </Page>
  );
}

function SponseeList() {
  const spaces = useSpaceList();
  if (spaces.isPending) return <Spinner message="Loading your sponsees..." />;
  if (spaces.isError) return <Message tone="danger">{SPACE_WORDING.loadFailed}</Message>;
  const sponsees = spaces.data.filter((s) => s.role === 'sponsor');
  if (sponsees.length === 0) {
    return (
      <p>
        No sponsee is linked with you yet. When someone accepts you as their sponsor, they appear here, and so
        does what they choose to share. <Link to="/profile?tab=sponsorship">Sponsorship</Link>
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {sponsees.map((s) => (
        <li key={s.relationshipId} className={styles.item}>
          <h2 className={styles.itemTitle}>
            <Link to={`/sponsees/${s.relationshipId}`}>{s.partnerName}</Link>
          </h2>
          <p className={styles.meta}>
            {s.itemCount === 0
              ? 'Nothing shared yet'
              : `${s.itemCount} shared ${s.itemCount === 1 ? 'item' : 'items'}`}
            {s.lastUpdatedAt ? ` · ${SPACE_WORDING.updated(s.lastUpdatedAt)}` : ''}
          </p>
          {s.unreadCount > 0 ? (
            <p className={styles.unread}>{s.unreadCount} new since your last visit</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
