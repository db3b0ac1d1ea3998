import { SPACE_ITEM_KEYS, type SpaceItemKey } from '@sam/core';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../app/http.ts';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { useDrawnInSlices } from '../../ui/useDrawnInSlices.ts';
import { LoginPrompt, RequireDataKey, useDataKey } from '../auth/index.ts';
import { IdentityKeyUnopenable } from './identityKeySetup.ts';
import { NewIdentityKey } from './NewIdentityKey.tsx';
import { SafetyCode } from './SafetyCode.tsx';
import { SponsorItem } from './SponsorItem.tsx';
import styles from './sponsorSpace.module.css';
import { useSpaceView } from './useSpaceView.ts';
import { SPACE_WORDING } from './wording.ts';

/** Loaded with the page (its route's loader): see readAhead.ts. */
export { readSpacePageAhead } from './readAhead.ts';

/** /sponsees/:relationshipId: what one sponsee shares, read-only, with the notes on each item. */
export function SponseeSpacePage() {
  const { relationshipId = '' } = useParams();
  const { status } = useDataKey();
  if (status === 'signed-out') return <LoginPrompt>Sign in to see what your sponsee shares.</LoginPrompt>;
  if (status === 'locked') return <RequireDataKey>{null}</RequireDataKey>;
  // While the key loads too, the space shows its one loading state.
  return <SponseeSpace relationshipId={relationshipId} />;
}

function SponseeSpace({ relationshipId }: { relationshipId: string }) {
  const { view, identity, actions } = useSpaceView(relationshipId);
  const drawn = useDrawnInSlices(Boolean(view.data));
  const back = (
    <p>
      <Link to="/sponsees">Back to My sponsees</Link>
    </p>
  );
  if (view.error instanceof ApiError && (view.error.status === 404 || view.error.status === 400)) {
    return (
      <Page title="Not available">
        <Message tone="info">{SPACE_WORDING.notFound}</Message>
        {back}
      </Page>
    );
  }
  if (identity.error instanceof IdentityKeyUnopenable) {
    return (
      <Page title="My sponsees">
        <NewIdentityKey />
        {back}
      </Page>
    );
  }
  if (identity.isError || view.isError) {
    return (
      <Page title="My sponsees">
        <Message tone="danger">{SPACE_WORDING.loadFailed}</Message>
        {back}
      </Page>
    );
  }
  if (!view.data || !drawn) return <PageLoading message="Opening the shared space..." />;
  const current = view.data;
  const name = current.reply.partner.displayName;
  const order = (key: SpaceItemKey) => SPACE_ITEM_KEYS.indexOf(key);
  return (
    <Page
      title={`Shared by ${name}`}
      intro={`Read-only: what ${name} chose to share with you. Your notes reach only ${name}.`}
    >
      {back}
      <div className={styles.stack}>
        <SafetyCode view={current} verify={actions.verify} />
        {current.refused ? null : current.reply.generation === null ? (
          <Message tone="info">{SPACE_WORDING.waitingForSponsee(name)}</Message>
        ) : !current.key ? null : current.items.length === 0 ? (
          <p>{name} has not shared anything yet.</p>
        ) : (
          <ul className={styles.list} aria-label={`Shared by ${name}`}>
            {[...current.items]
              .sort((a, b) => order(a.itemKey) - order(b.itemKey))
              .map((item) => (
                <li key={item.itemKey}>
                  <SponsorItem item={item} view={current} actions={actions} />
                </li>
              ))}
          </ul>
        )}
      </div>
    </Page>
  );
}
