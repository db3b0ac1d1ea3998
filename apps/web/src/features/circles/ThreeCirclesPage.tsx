import {
  CIRCLES_CONFLICT_CODES,
  CIRCLES_MESSAGES,
  type CirclesVersion,
  type CirclesVersionContent,
  changeTouchesInnerCircle,
  circlesAreEmpty,
  circlesChange,
  circlesChanged,
  describeCirclesChange,
  emptyCircles,
  readableCirclesHistory,
  restoredCirclesContent,
  type StoredCirclesVersion,
  type ThreeCircles,
} from '@sam/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { Message } from '../../ui/Message.tsx';
import { Page } from '../../ui/Page.tsx';
import { PageLoading } from '../../ui/PageLoading.tsx';
import { useDrawnInSlices } from '../../ui/useDrawnInSlices.ts';
import { LoginPrompt, RequireDataKey, useSession } from '../auth/index.ts';
import {
  DRAFT_MESSAGES,
  DraftRestoredNote,
  sameContent,
  useConfirmDiscard,
  useDraft,
  useUnsavedWork,
} from '../drafts/index.ts';
import { CircleMeanings } from './CircleParts.tsx';
import { CirclesEditor } from './CirclesEditor.tsx';
import { CirclesGuide } from './CirclesGuide.tsx';
import { CirclesHistory } from './CirclesHistory.tsx';
import styles from './circles.module.css';
import { SavePanel } from './SavePanel.tsx';
import { useCircles, useSaveCircles } from './useCircles.ts';
import { CIRCLES_WORDING as W } from './wording.ts';
import {
  CIRCLES_DRAFT_PLACE,
  type CirclesWork,
  circlesForSave,
  freshWork,
  type SaveProblem,
  SaveProblemError,
  workChange,
  workUnsaved,
} from './workState.ts';

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

function problemOf(error: unknown): SaveProblem {
  if (error instanceof ApiError && error.status === 409) {
    return { message: error.detail, stale: error.code !== CIRCLES_CONFLICT_CODES.full };
  }
  return { message: errorMessage(error, W.saveFailed), stale: false };
}

/** What a draft holds when it is this page's: the work as the person left it. */
function isWork(value: unknown): value is CirclesWork {
  const work = value as CirclesWork | null;
  return (
    typeof work === 'object' && work !== null && typeof work.circles === 'object' && work.circles !== null
  );
}

type Props = { versions: StoredCirclesVersion[]; reload: () => Promise<unknown> };

/**
 * The person's circles with their unsaved work: the guide before the first save, then the drawing and
 * the lists to change in place, saved as one new version, and the history. The work is kept as an
 * encrypted draft and the leave guard asks before it is left behind.
 */
function CirclesWorkbench({ versions, reload }: Props) {
  const dialogs = useDialogs();
  const save = useSaveCircles();
  const mayDiscard = useConfirmDiscard();
  const history = useMemo(() => readableCirclesHistory(versions), [versions]);
  const newest = history[0] ?? null;
  const newestVersion = newest?.version ?? null;
  const newestCircles: ThreeCircles | null = newest ? (newest.content?.circles ?? null) : emptyCircles();
  const editable = newestCircles !== null;

  const [work, setWork] = useState<CirclesWork>(() => freshWork(newestVersion, newestCircles ?? undefined));
  const [openItem, setOpenItem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [saved, setSaved] = useState<{ text: string; where: 'top' | 'panel' } | null>(null);
  const [olderDraft, setOlderDraft] = useState(false);
  const [reloaded, setReloaded] = useState<string | null>(null);
  const savedNote = useRef<HTMLDivElement>(null);
  const unsaved = workUnsaved(work);

  const kept = useDraft<CirclesWork>(
    editable ? CIRCLES_DRAFT_PLACE : null,
    (value) => {
      if (!isWork(value)) return;
      setWork({
        basedOn: newestVersion,
        base: newestCircles ?? emptyCircles(),
        circles: value.circles,
        reason: typeof value.reason === 'string' ? value.reason : '',
      });
      setOlderDraft(value.basedOn !== newestVersion);
    },
    (value) => isWork(value) && sameContent(value.circles, newestCircles) && !value.reason?.trim(),
  );

  // The draft follows the work: kept while something is unsaved, deleted once it is all given up.
  const wasUnsaved = useRef(false);
  useEffect(() => {
    if (unsaved) kept.keep(work);
    else if (wasUnsaved.current) void kept.clear();
    wasUnsaved.current = unsaved;
  }, [work, unsaved, kept]);

  // Nothing unsaved here, and a newer version came in (another window, a reload): show it.
  useEffect(() => {
    if (!unsaved && newestCircles && work.basedOn !== newestVersion) {
      setWork(freshWork(newestVersion, newestCircles));
    }
  }, [unsaved, newestCircles, newestVersion, work.basedOn]);

  useEffect(() => {
    if (saved) savedNote.current?.focus();
  }, [saved]);

  useUnsavedWork({
    unsaved: () => unsaved,
    // A change of the circles is saved only by the person's own Save: the draft keeps it meanwhile.
    flush: async () => !unsaved,
    keptOn: 'device',
  });

  const change = useCallback((update: (circles: ThreeCircles) => ThreeCircles) => {
    setSaved(null);
    setWork((w) => ({ ...w, circles: update(w.circles) }));
  }, []);

  /** Saves `content` as the version after `basedOn`; null when it went through, else why not. */
  const commit = async (
    basedOn: number | null,
    content: CirclesVersionContent,
    done: { text: string; where: 'top' | 'panel' },
  ): Promise<SaveProblem | null> => {
    setSaving(true);
    setProblem(null);
    try {
      const reply = await save(basedOn, content);
      wasUnsaved.current = false;
      await kept.clear();
      setWork(freshWork(reply.version, content.circles));
      setOpenItem(null);
      setOlderDraft(false);
      setReloaded(null);
      setSaved(done);
      return null;
    } catch (error) {
      return problemOf(error);
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    setProblem(null);
    setReloaded(null);
    const ready = circlesForSave(work.circles);
    if (!ready.ok) {
      setProblem({ message: ready.message, stale: false });
      if (ready.itemId) setOpenItem(ready.itemId);
      return;
    }
    const first = work.basedOn === null;
    const changed = circlesChange(work.base, ready.circles);
    if (first && circlesAreEmpty(ready.circles)) {
      setProblem({ message: W.needsOneItem, stale: false });
      return;
    }
    if (!first && !circlesChanged(changed)) return;
    if (!first && changeTouchesInnerCircle(changed)) {
      const go = await dialogs.confirm({
        title: W.innerTitle,
        message: W.innerText,
        variant: 'warning',
        confirmText: W.innerConfirm,
        cancelText: W.keepEditing,
        safeAnswer: 'cancel',
      });
      if (!go) return;
    }
    const reason = work.reason.trim();
    const failed = await commit(
      work.basedOn,
      { circles: ready.circles, ...(reason ? { reason } : {}) },
      { text: CIRCLES_MESSAGES.saved, where: first ? 'top' : 'panel' },
    );
    setProblem(failed);
  };

  const restore = async (entry: CirclesVersion, reason: string) => {
    const failed = await commit(newestVersion, restoredCirclesContent(entry, reason), {
      text: W.restored(entry.version),
      where: 'panel',
    });
    if (failed) throw new SaveProblemError(failed);
  };

  /** After a stale save: the newest versions come in, and the change not saved is named, not dropped silently. */
  const reloadNewest = async () => {
    const lost = describeCirclesChange(workChange(work)).toLowerCase();
    await reload();
    setProblem(null);
    setOpenItem(null);
    setOlderDraft(false);
    setReloaded(W.reloaded(lost));
    setWork((w) => ({ ...w, circles: w.base, reason: '' }));
  };

  const discard = async () => {
    const go = await dialogs.confirm({
      title: W.discardTitle,
      message: W.discardText,
      variant: 'danger',
      confirmText: W.discard,
      cancelText: W.keepEditing,
    });
    if (go) giveUp();
  };

  const discardDraft = async () => {
    if (await mayDiscard()) giveUp();
  };

  function giveUp() {
    setWork(freshWork(newestVersion, newestCircles ?? undefined));
    setOpenItem(null);
    setProblem(null);
    setOlderDraft(false);
    void kept.clear();
  }

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

  const restoredNote = kept.restored ? (
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
          onReason={(reason) => {
            setSaved(null);
            setWork((w) => ({ ...w, reason }));
          }}
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
