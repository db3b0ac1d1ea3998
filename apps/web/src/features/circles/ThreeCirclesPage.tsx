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
  const {
    history,
    newestCircles,
    editable,
    work,
    unsaved,
    change,
    setReason,
    openItem,
    setOpenItem,
    saving,
    problem,
    saved,
    savedNote,
    olderDraft,
    reloaded,
    draftRestored,
    submit,
    restore,
    reloadNewest,
    discard,
    discardDraft,
  } = useCirclesWork(versions, reload);

  const problemView = problem ? (
    <Message tone="danger">
      {problem.message}
      {problem.stale ? (
        <span className={styles.problemAction}>
          <Button size="sm" variant="secondary" onClick={() => void reloadNewest()}>
            {W.reload}
          </Button>
        </span>
      ) : null}
    </Message>
  ) : null;

  const savedView = (where: 'top' | 'panel') =>
    saved?.where === where ? (
      <div ref={savedNote} tabIndex={-1} className={styles.savedNote}>
        <Message tone="success">{saved.text}</Message>
      </div>
    ) : null;

  const restoredNote = draftRestored ? (
    <DraftRestoredNote hint={DRAFT_MESSAGES.restoredUntilSave} onDiscard={() => void discardDraft()} />
  ) : null;

  if (versions.length === 0) {
    return (
      <div className={styles.stack}>
        {restoredNote}
        <CirclesGuide
          circles={work.circles}
          onChange={change}
          onSave={() => void submit()}
          saving={saving}
          problem={problemView}
        />
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      {savedView('top')}
      {restoredNote}
      {olderDraft ? <Message tone="warning">{W.olderDraft}</Message> : null}
      {reloaded ? <Message tone="info">{reloaded}</Message> : null}
      {editable ? (
        <CirclesEditor
          circles={work.circles}
          onChange={change}
          openItem={openItem}
          setOpenItem={setOpenItem}
        />
      ) : (
        <Message tone="warning">{W.newestUnreadable}</Message>
      )}
      {editable && unsaved ? (
        <SavePanel
          work={work}
          onReason={setReason}
          onSave={() => void submit()}
          onDiscard={() => void discard()}
          saving={saving}
          problem={problemView}
        />
      ) : (
        (savedView('panel') ?? problemView)
      )}
      <CirclesHistory
        entries={history}
        current={newestCircles}
        unsaved={unsaved}
        onRestore={restore}
        onReload={reloadNewest}
      />
    </div>
  );
}
