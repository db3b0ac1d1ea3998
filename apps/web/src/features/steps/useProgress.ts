import {
  FieldLimitError,
  findStep,
  milestone,
  type StepDefinition,
  type StepPrivateData,
  type StepRecord,
  sharedStepContent,
  statusNote,
  stepDataLimitProblem,
} from '@sam/core';
import { useCallback, useEffect, useRef } from 'react';
import { nextTask } from '../../app/nextTask.ts';
import {
  queryOptions,
  READ_AHEAD_FRESH_MS,
  useServerQuery,
  useServerQueryClient,
} from '../../app/serverState.tsx';
import { whenIdle } from '../../app/whenIdle.ts';
import { type DataKeyStatus, useDataCipher, useSession } from '../auth/index.ts';
import { PROGRAM, progressApi, TRACK } from './api.ts';
import {
  decodePrivateData,
  privateForSave,
  recordOf,
  replaceRecord,
  type StepDraft,
  stepPlace,
} from './stepState.ts';

const listKey = (userId: string | null) => ['progress', PROGRAM, userId] as const;
const journeyKey = (userId: string | null) => ['progress', 'journey', userId] as const;
const privateKey = (userId: string | null, step: number, cipherText: string | null) =>
  ['progress', 'private', userId, step, cipherText] as const;

/** Users whose program and track were created in this page session (initializeProgress runs once). */
const initialized = new Set<string>();

/**
 * initializeProgress: creates program SAA and track 12-steps once per session, when the page is idle;
 * failures are ignored.
 */
export function useInitializeProgress(): void {
  const { user } = useSession();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId || initialized.has(userId)) return;
    initialized.add(userId);
    whenIdle(async () => {
      try {
        await progressApi.createProgram();
        await progressApi.createTrack();
      } catch (error) {
        console.warn('Could not initialize progress', error);
      }
    });
  }, [userId]);
}

/** The read of a user's SAA step records: the hook's, and a step page's read ahead (readStepPageAhead). */
export const progressListQuery = (userId: string | null) =>
  queryOptions({
    queryKey: listKey(userId),
    queryFn: async () => (await progressApi.list()).progress,
    staleTime: READ_AHEAD_FRESH_MS,
  });

/** All SAA step records of the signed-in user; refreshed when the window regains focus. */
export function useProgressList() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  useInitializeProgress();
  return useServerQuery({
    ...progressListQuery(userId),
    enabled: userId !== null,
    refetchOnWindowFocus: true,
  });
}

/** Whether dates are shown (journey opted_out), for the journey message and step 1's timeline. */
export function useJourney() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  return useServerQuery({
    queryKey: journeyKey(userId),
    queryFn: () => progressApi.journey(),
    enabled: userId !== null,
    refetchOnWindowFocus: true,
  });
}

export type StepDataState =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'locked'; keyStatus: DataKeyStatus }
  | { status: 'load-error'; retry: () => void }
  | { status: 'decrypt-error' }
  | { status: 'ready'; record: StepRecord | null; data: StepPrivateData };

/** One step's record with its private part decrypted in this browser. */
export function useStepData(stepNumber: number): StepDataState {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { status: keyStatus, cipher } = useDataCipher();
  const list = useProgressList();
  const record = recordOf(list.data, stepNumber);
  const cipherText = record?.data.encryptedData ?? null;
  const decrypted = useServerQuery({
    queryKey: privateKey(userId, stepNumber, cipherText),
    enabled: cipher !== null && list.isSuccess,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      if (!cipherText || !cipher) return {};
      const json = await cipher.decrypt(cipherText, stepPlace(stepNumber));
      // Reading the text (the first read builds its schema) gets a task of its own, apart from the
      // decryption's and the render's.
      await nextTask();
      return decodePrivateData(json);
    },
  });
  if (!userId) return { status: 'signed-out' };
  if (list.isError && !list.data) return { status: 'load-error', retry: () => void list.refetch() };
  // A ready key whose cipher code is still loading is loading too, not locked.
  if (keyStatus === 'loading' || keyStatus === 'opening' || (keyStatus === 'ready' && !cipher)) {
    return { status: 'loading' };
  }
  if (keyStatus !== 'ready' || !cipher) return { status: 'locked', keyStatus };
  if (!list.data) return { status: 'loading' };
  if (decrypted.isError) return { status: 'decrypt-error' };
  if (!decrypted.data) return { status: 'loading' };
  return { status: 'ready', record, data: decrypted.data };
}

/**
 * Saves a step: checks every field's limit (text over a limit is never sent, never cut), encrypts the
 * private part, posts the step with only the action flags and the ciphertext, then posts the status note.
 * Saves run one after another, in the order they were asked for. Resolves with the stored record.
 */
export function useSaveStep(step: StepDefinition) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const { cipher } = useDataCipher();
  const queryClient = useServerQueryClient();
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(
    (draft: StepDraft, changedActions: { action_id: number; completed: boolean }[] = []) => {
      const run = chain.current.then(async () => {
        if (!cipher || !userId) throw new Error('User not logged in. Please log in.');
        const tooLong = stepDataLimitProblem(step, draft.data);
        if (tooLong) throw new FieldLimitError(tooLong);
        const data = privateForSave(draft.data);
        const encryptedData = await cipher.encrypt(data, stepPlace(step.number));
        const completedCount = draft.actions.filter((a) => a.completed).length;
        const completed = completedCount === step.actions.length;
        const record = await progressApi.saveStep({
          step_number: step.number,
          step_title: step.title,
          completed,
          actions: draft.actions,
          encryptedData,
        });
        queryClient.setQueryData(privateKey(userId, step.number, record.data.encryptedData ?? null), data);
        queryClient.setQueryData<StepRecord[]>(listKey(userId), (old) => replaceRecord(old, record));
        const shared = sharedStepContent({ step, record: { ...record, actions: record.data.actions }, data });
        // Not awaited: the sponsor's copy (when this step is shared) never holds up or undoes the save.
        void import('../sponsorSpace/index.ts').then((space) =>
          space.syncSharedItemAfterSave(cipher, userId, `step-${step.number}`, shared),
        );
        for (const change of changedActions) {
          await progressApi
            .updateAction(step.number, change.action_id, change.completed)
            .catch((error) => console.warn('Could not record the action update', error));
        }
        await progressApi
          .updateStatus(
            statusNote(step.number, completedCount, step.actions.length),
            milestone(step.number, completed),
          )
          .catch((error) => console.warn('Could not record the status update', error));
        return record;
      });
      chain.current = run.catch(() => undefined);
      return run;
    },
    [cipher, userId, queryClient, step],
  );
}

/** Puts a record the server returned (e.g. after a dates change) into the list. */
export function usePutRecord() {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useServerQueryClient();
  return useCallback(
    (record: StepRecord) =>
      queryClient.setQueryData<StepRecord[]>(listKey(userId), (old) => replaceRecord(old, record)),
    [queryClient, userId],
  );
}

export const SAA_STEP = (n: number) => findStep(PROGRAM, TRACK, n);
