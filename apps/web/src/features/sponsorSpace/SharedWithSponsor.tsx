import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { RequireDataKey } from '../auth/index.ts';
import { SponseeSpacePanel } from './SponseeSpacePanel.tsx';
import styles from './sponsorSpace.module.css';
import { useSpaceList } from './useSpaceView.ts';
import { SPACE_WORDING } from './wording.ts';

/** Profile › Sponsorship: for each active relationship where this person is the sponsee, what they share. */
export function SharedWithSponsor() {
  const spaces = useSpaceList();
  if (spaces.isPending) return <Spinner message="Loading what you share..." />;
  if (spaces.isError) return <Message tone="danger">{SPACE_WORDING.loadFailed}</Message>;
  const mine = spaces.data.filter((s) => s.role === 'sponsee');
  if (mine.length === 0) return null;
  return (
    <RequireDataKey>
      <div className={styles.stack}>
        {mine.map((s) => (
          <SponseeSpacePanel
            key={s.relationshipId}
            relationshipId={s.relationshipId}
            partnerName={s.partnerName}
          />
        ))}
      </div>
    </RequireDataKey>
  );
}
