import type { StoredCirclesVersion } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { useDrawnInSlices } from '../../ui/useDrawnInSlices.ts';
import { LoginPrompt, RequireDataKey, useSession } from '../auth/index.ts';
import { DRAFT_MESSAGES, DraftRestoredNote } from '../drafts/index.ts';
import { CircleMeanings } from './CircleParts.tsx';
import { CirclesEditor } from './CirclesEditor.tsx';
import { CirclesGuide } from './CirclesGuide.tsx';
import { CirclesHistory } from './CirclesHistory.tsx';
import styles from './circles.module.css';
import { SavePanel } from './SavePanel.tsx';
import { useCircles } from './useCircles.ts';
import { useCirclesWork } from './useCirclesWork.ts';
import { CIRCLES_WORDING as W } from './wording.ts';

/** Loaded with the page (its route's loader): see readAhead.ts. */
export { readCirclesPageAhead } from './readAhead.ts';

/** /programs/saa/three-circles: a person's own three circles, drawn, changed in place, with their history. */
export function ThreeCirclesPage() {
  return (
    <Page title={W.title} intro={<p>{W.intro}</p>}>
      <LoginPrompt>{W.loginPrompt}</LoginPrompt>
      <CirclesWorkspace />
    </Page>
  );
}

function CirclesWorkspace() {
  const state = useCircles();
  const { user } = useSession();
  const drawn = useDrawnInSlices(state.status === 'ready');
  if (state.status === 'signed-out') {
    return (
      <section aria-labelledby="circles-meanings" className={styles.stack}>
        <h2 id="circles-meanings">{W.meaningsHeading}</h2>
        <CircleMeanings />
      </section>
    );
  }
  if (state.status === 'loading' || (state.status === 'ready' && !drawn)) {
    return <PageLoading message={W.loading} />;
  }
  if (state.status === 'locked') return <RequireDataKey>{null}</RequireDataKey>;
  if (state.status === 'load-error') {
    return (
      <Message tone="danger">
        {W.loadFailed}{' '}
        <Button size="sm" variant="secondary" onClick={state.retry}>
          {W.tryAgain}
        </Button>
      </Message>
    );
  }
  return <CirclesWorkbench key={user?.id ?? 'user'} versions={state.versions} reload={state.reload} />;
}

type Props = { versions: StoredCirclesVersion[]; reload: () => Promise<unknown> };

/**
 * The person's circles with their unsaved work (useCirclesWork): the guide before the first save, then the
 * drawing and the lists to change in place, saved as one new version, and the history.
 */
function CirclesWorkbench({ versions, reload }: Props) {
  const workbench = useCirclesWork(versions, reload);

  const problemView = workbench.problem ? (
    <Message tone="danger">
      {workbench.problem.message}
      {workbench.problem.stale ? (
        <span className={styles.problemAction}>
          <Button size="sm" variant="secondary" onClick={() => void workbench.reloadNewest()}>
            {W.reload}
          </Button>
        </span>
      ) : null}
    </Message>
  ) : null;

  const savedView = (where: 'top' | 'panel') =>
    workbench.saved?.where === where ? (
      <div ref={workbench.savedNote} tabIndex={-1} className={styles.savedNote}>
        <Message tone="success">{workbench.saved.text}</Message>
      </div>
    ) : null;

  const restoredNote = workbench.draftRestored ? (
    <DraftRestoredNote
      hint={DRAFT_MESSAGES.restoredUntilSave}
      onDiscard={() => void workbench.discardDraft()}
    />
  ) : null;

  if (versions.length === 0) {
    return (
      <div className={styles.stack}>
        {restoredNote}
        <CirclesGuide
          circles={workbench.work.circles}
          onChange={workbench.change}
          onSave={() => void workbench.submit()}
          saving={workbench.saving}
          problem={problemView}
        />
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      {savedView('top')}
      {restoredNote}
      {workbench.olderDraft ? <Message tone="warning">{W.olderDraft}</Message> : null}
      {workbench.reloaded ? <Message tone="info">{workbench.reloaded}</Message> : null}
      {workbench.editable ? (
        <CirclesEditor
          circles={workbench.work.circles}
          onChange={workbench.change}
          openItem={workbench.openItem}
          setOpenItem={workbench.setOpenItem}
        />
      ) : (
        <Message tone="warning">{W.newestUnreadable}</Message>
      )}
      {workbench.editable && workbench.unsaved ? (
        <SavePanel
          work={workbench.work}
          onReason={workbench.setReason}
          onSave={() => void workbench.submit()}
          onDiscard={() => void workbench.discard()}
          saving={workbench.saving}
          problem={problemView}
        />
      ) : (
        (savedView('panel') ?? problemView)
      )}
      <CirclesHistory
        entries={workbench.history}
        current={workbench.newestCircles}
        unsaved={workbench.unsaved}
        onRestore={workbench.restore}
        onReload={workbench.reloadNewest}
      />
    </div>
  );
}
