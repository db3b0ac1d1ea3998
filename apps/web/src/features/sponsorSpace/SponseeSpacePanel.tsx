import { SHAREABLE_SPACE_ITEM_KEYS } from '@sam/core';
import { useState } from 'react';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CommentThread } from './CommentThread.tsx';
import { IdentityKeyUnopenable } from './identityKeySetup.ts';
import { NewIdentityKey } from './NewIdentityKey.tsx';
import { SafetyCode } from './SafetyCode.tsx';
import { SharedItemSwitch } from './SharedItemSwitch.tsx';
import { canShare } from './spaceSession.ts';
import styles from './sponsorSpace.module.css';
import { useSpaceView } from './useSpaceView.ts';
import { SPACE_WORDING } from './wording.ts';

type Props = { relationshipId: string; partnerName: string };

/** The sponsee's side of one space: the safety code, and a switch, preview and notes for each item. */
export function SponseeSpacePanel({ relationshipId, partnerName }: Props) {
  const { view, identity, actions } = useSpaceView(relationshipId);
  const [announced, setAnnounced] = useState('');
  const headingId = `shared-${relationshipId}`;

  let body: React.ReactNode;
  if (identity.error instanceof IdentityKeyUnopenable) body = <NewIdentityKey />;
  else if (identity.isError || view.isError)
    body = <Message tone="danger">{SPACE_WORDING.loadFailed}</Message>;
  else if (!view.data) body = <Spinner message="Opening your shared space..." />;
  else if (view.data.refused) body = <SafetyCode view={view.data} verify={actions.verify} />;
  else if (!view.data.verification)
    body = <Message tone="info">{SPACE_WORDING.waitingForSponsor(partnerName)}</Message>;
  else {
    const current = view.data;
    const ready = canShare(current);
    body = (
      <>
        <SafetyCode view={current} verify={actions.verify} />
        {ready ? null : <p className={styles.meta}>{SPACE_WORDING.sharingPaused(partnerName)}</p>}
        <ul className={styles.list} aria-label={`Items you can share with ${partnerName}`}>
          {SHAREABLE_SPACE_ITEM_KEYS.map((itemKey) => (
            <li key={itemKey}>
              <SharedItemSwitch
                itemKey={itemKey}
                view={current}
                actions={actions}
                onAnnounce={setAnnounced}
              />
            </li>
          ))}
        </ul>
        {current.reply.items.some((i) => i.itemKey === 'reach-out') ? (
          <article className={styles.item} aria-label={SPACE_WORDING.reachOutTitle}>
            <h3 className={styles.itemTitle}>{SPACE_WORDING.reachOutTitle}</h3>
            <CommentThread
              itemKey="reach-out"
              itemLabel={SPACE_WORDING.reachOutTitle}
              comments={current.comments}
              names={{ sponsor: partnerName, sponsee: 'You' }}
              send={ready ? (text) => actions.comment('reach-out', text) : undefined}
            />
          </article>
        ) : null}
      </>
    );
  }

  return (
    <section className={styles.stack} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {SPACE_WORDING.panelTitle}: {partnerName}
      </h2>
      <p>{SPACE_WORDING.panelIntro(partnerName)}</p>
      <p>
        <strong>{SPACE_WORDING.cannotUnsee(partnerName)}</strong>
      </p>
      <p role="status" aria-live="polite" className={styles.meta}>
        {announced}
      </p>
      {body}
    </section>
  );
}
