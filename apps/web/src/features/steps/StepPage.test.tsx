// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { STEP_MESSAGES, type StepAction, type StepPrivateData, type StepRecord } from '@sam/core';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/serverState.tsx';
import type { DataCipher } from '../../crypto/index.ts';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders, testCipher, testDataKey } from '../../testing/renderWithProviders.tsx';
import { clearDrafts } from '../drafts/draftStore.ts';
import { PROGRAM, TRACK } from './api.ts';
import { StepPage } from './StepPage.tsx';
import { loadStepSections } from './sections.ts';
import { stepPlace } from './stepState.ts';
import { SAA_STEP } from './useProgress.ts';

// Step Two: four actions in order; action 3 is done by answering questions 1 to 5 (QuestionsSection).
const STEP = SAA_STEP(2) ?? (undefined as never);
const QUESTIONS = STEP.questions?.items ?? [];
const SAVE_STEP = '/api/progress/step';

/** What the page posts to save a step (progressApi.saveStep). */
type SaveStepBody = {
  step_number: number;
  completed: boolean;
  data: { actions: StepAction[]; encryptedData: string; encrypted: boolean };
};

/** The progress service as the step page sees it: one record per step, its private part only ciphertext. */
function progressServer(cipher: DataCipher) {
  const records = new Map<number, StepRecord>();
  const record = (body: SaveStepBody): StepRecord => ({
    program: PROGRAM,
    track: TRACK,
    step_number: body.step_number,
    step_title: STEP.title,
    completed: body.completed,
    data: { ...body.data },
    started_at: null,
    completed_at: null,
    updated_at: new Date().toISOString(),
    sk: `${PROGRAM}#${TRACK}#${body.step_number}`,
  });
  const server = fakeServer({
    'GET /api/progress/:program': () => ({ progress: [...records.values()] }),
    'POST /api/progress/program': () => ({ message: 'ok' }),
    'POST /api/progress/track': () => ({ message: 'ok' }),
    'POST /api/progress/step': ({ body }) => {
      const saved = record(body as SaveStepBody);
      records.set(saved.step_number, saved);
      // As the server answers: without the ciphertext the request carried.
      const { encryptedData: _sent, ...data } = saved.data;
      return { ...saved, data };
    },
    'POST /api/progress/action': ({ body }) => records.get((body as { step_number: number }).step_number),
    'POST /api/progress/status': () => ({ message: 'ok' }),
    // The step's content file (its reading and help sections).
    'GET /content/:file': () => '# Step Two\n',
  });
  return {
    ...server,
    /** Puts a saved step on the server: these actions done, `data` encrypted as the app would. */
    async seed(done: number[], data: StepPrivateData = {}) {
      const actions = STEP.actions.map((a) => ({ id: a.id, completed: done.includes(a.id) }));
      const encryptedData = await cipher.encrypt(data, stepPlace(STEP.number));
      records.set(
        STEP.number,
        record({
          step_number: STEP.number,
          completed: false,
          data: { actions, encryptedData, encrypted: true },
        }),
      );
    },
    stepSaves: () => server.to('POST', SAVE_STEP).map((r) => (r.body as SaveStepBody).data),
  };
}

let key: CryptoKey;
let cipher: DataCipher;
let server: ReturnType<typeof progressServer>;

beforeEach(async () => {
  // A visitor's drafts live in page memory and would follow the next test's person in.
  await clearDrafts();
  key = await testDataKey();
  cipher = testCipher(key);
  server = progressServer(cipher);
});

/** A name starting with `text`: a label may go on ("Done", "(optional)"). */
const startingWith = (text: string) => (name: string) => name.startsWith(text);
/** An action's checkbox, named by its label. */
const actionBox = (id: number) =>
  screen.getByRole('checkbox', { name: startingWith(`${id}. ${STEP.actions[id - 1]?.label}`) });
const checked = (box: HTMLElement) => (box as HTMLInputElement).checked;
/** The answer field of question `index` (0-based), named by its number and prompt. */
const questionField = (index: number) =>
  screen.getByRole('textbox', { name: startingWith(`${index + 1}. ${QUESTIONS[index]?.prompt}`) });

/** The step page as its route renders it, with its step's tools loaded. */
async function stepPage(step: number) {
  return <StepPage step={step} sections={await loadStepSections(step)} />;
}

async function renderStep() {
  const rendered = renderWithProviders(await stepPage(STEP.number), { dataKey: key });
  await screen.findByRole('heading', { name: /Step Two/, level: 2 });
  return rendered;
}

describe('ActionChecklist on the step page', () => {
  it('ticks the first action and saves it; the next one waits its turn until then', async () => {
    const { user } = await renderStep();
    const second = actionBox(2);
    expect(second.hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText(STEP_MESSAGES.completeEarlierActionsFirst).length).toBe(
      STEP.actions.length - 1,
    );

    await user.click(actionBox(1));

    await waitFor(() => expect(checked(actionBox(1))).toBe(true));
    expect(within(actionBox(1).closest('li') as HTMLElement).getByText('Done')).toBeTruthy();
    expect(actionBox(2).hasAttribute('disabled')).toBe(false);
    await waitFor(() => expect(server.stepSaves()).toHaveLength(1));
    expect(server.stepSaves()[0]?.actions).toEqual(
      STEP.actions.map((a) => ({ id: a.id, completed: a.id === 1 })),
    );
    // The step's status note follows every save.
    await waitFor(() => expect(server.to('POST', '/api/progress/status')).toHaveLength(1));
    expect(server.unhandled).toEqual([]);
  });

  it('explains why action 3 cannot be ticked before questions 1 to 5 are answered', async () => {
    await server.seed([1, 2]);
    const { user } = await renderStep();
    await waitFor(() => expect(checked(actionBox(2))).toBe(true));

    await user.click(actionBox(3));
    const dialog = await screen.findByRole('dialog', { name: STEP_MESSAGES.actionNotCompleteTitle });
    expect(within(dialog).getByText(STEP_MESSAGES.step2QuestionsRequired)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: STEP_MESSAGES.okButton }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(checked(actionBox(3))).toBe(false);
    expect(server.stepSaves()).toEqual([]);
  });
});

describe('QuestionsSection on the step page', () => {
  it('saves a typed answer encrypted after a pause', async () => {
    const { user } = await renderStep();
    await user.type(questionField(0), 'Church on Sundays');

    await waitFor(() => expect(server.stepSaves()).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByText(/^Saved at /)).toBeTruthy();
    const [saved] = server.stepSaves();
    expect(JSON.stringify(saved)).not.toContain('Church');
    const data = (await cipher.decrypt(
      saved?.encryptedData ?? '',
      stepPlace(STEP.number),
    )) as StepPrivateData;
    expect(data.step2_questions?.q1?.answer).toBe('Church on Sundays');

    await user.click(screen.getByRole('button', { name: 'Save answers' }));
    expect(await screen.findByText(STEP_MESSAGES.answersSaved)).toBeTruthy();
  });

  it('shows saved answers, and Save answers with questions 1 to 5 answered completes action 3', async () => {
    await server.seed([1, 2], {
      step2_questions: { q1: { key: QUESTIONS[0]?.key ?? '', answer: 'Church on Sundays' } },
    });
    const { user } = await renderStep();
    await waitFor(() => expect((questionField(0) as HTMLTextAreaElement).value).toBe('Church on Sundays'));
    expect(checked(actionBox(3))).toBe(false);

    for (const index of [1, 2, 3, 4]) await user.type(questionField(index), `Answer ${index + 1}`);
    await user.click(screen.getByRole('button', { name: 'Save answers' }));

    await waitFor(() => expect(checked(actionBox(3))).toBe(true));
    const last = server.stepSaves().at(-1);
    expect(last?.actions.find((a) => a.id === 3)?.completed).toBe(true);
    const data = (await cipher.decrypt(last?.encryptedData ?? '', stepPlace(STEP.number))) as StepPrivateData;
    expect(data.step2_questions?.q5?.answer).toBe('Answer 5');

    // What was just written stays in view: the save ticked the action, it did not fold it away.
    expect(await screen.findByText(STEP_MESSAGES.answersSaved)).toBeTruthy();
    expect((questionField(4) as HTMLTextAreaElement).value).toBe('Answer 5');
    expect(screen.getByRole('button', { name: 'Save answers' })).toBeTruthy();
  });

  it('keeps the questions open when an autosave of the typing ticks action 3', async () => {
    const answers = Object.fromEntries(
      QUESTIONS.slice(0, 4).map((q, i) => [q.id, { key: q.key, answer: `Answer ${i + 1}` }]),
    );
    await server.seed([1, 2], { step2_questions: answers });
    const { user } = await renderStep();
    await waitFor(() => expect((questionField(3) as HTMLTextAreaElement).value).toBe('Answer 4'));

    await user.type(questionField(4), 'Answer 5');

    // The autosave comes after a pause in the typing.
    await waitFor(() => expect(checked(actionBox(3))).toBe(true), { timeout: 10_000 });
    expect((questionField(4) as HTMLTextAreaElement).value).toBe('Answer 5');
    // Ticking an action by hand still folds it away (action 4 is the last, so its details are its text).
    await user.click(actionBox(4));
    await waitFor(() => expect(checked(actionBox(4))).toBe(true));
    expect(screen.queryByText(STEP.actions[3]?.description ?? '')).toBeNull();
    expect((questionField(4) as HTMLTextAreaElement).value).toBe('Answer 5');
    // Expand all, then Collapse all, folds every done action, the questions too.
    await user.click(screen.getByRole('button', { name: STEP_MESSAGES.expandAll }));
    await user.click(screen.getByRole('button', { name: STEP_MESSAGES.collapseAll }));
    expect(screen.queryByRole('button', { name: 'Save answers' })).toBeNull();
  }, 20_000);

  it('asks a visitor to log in when they save, keeping what they typed', async () => {
    const { user, loginRequests } = renderWithProviders(await stepPage(STEP.number), { account: null });
    const field = questionField(0) as HTMLTextAreaElement;
    await user.type(field, 'Church on Sundays');
    await user.click(screen.getByRole('button', { name: 'Save answers' }));

    expect(await screen.findByText(STEP_MESSAGES.notLoggedIn)).toBeTruthy();
    expect(field.value).toBe('Church on Sundays');
    expect(actionBox(1).hasAttribute('disabled')).toBe(false);

    await user.click(screen.getByRole('button', { name: STEP_MESSAGES.logIn }));
    expect(loginRequests).toEqual([{ mode: 'signin' }]);
    expect(server.stepSaves()).toEqual([]);
  });
});

describe('Step1Section on the step page', () => {
  const STEP_ONE = SAA_STEP(1) ?? (undefined as never);
  const writingField = () => screen.getByRole('textbox', { name: 'My Step One' }) as HTMLTextAreaElement;
  const renderStepOne = async () => {
    const rendered = renderWithProviders(await stepPage(1), { dataKey: key });
    await screen.findByRole('heading', { name: /Step One/, level: 2 });
    return rendered;
  };

  it('saves the writing encrypted, and shows it again when the page is opened anew', async () => {
    const first = await renderStepOne();
    await first.user.type(writingField(), 'It began at fourteen');
    await first.user.click(screen.getByRole('button', { name: STEP_MESSAGES.saveStepOne }));

    expect(await screen.findByText(STEP_MESSAGES.stepOneSaved)).toBeTruthy();
    const saves = server.to('POST', SAVE_STEP).map((r) => r.body as SaveStepBody);
    expect(saves.length).toBeGreaterThan(0);
    expect(JSON.stringify(saves)).not.toContain('began');
    const last = saves.at(-1);
    expect(last?.step_number).toBe(STEP_ONE.number);
    const data = (await cipher.decrypt(last?.data.encryptedData ?? '', stepPlace(1))) as StepPrivateData;
    expect(data.step1_writing).toBe('It began at fourteen');

    // Opened again with nothing kept on the device: the writing comes from the server.
    first.unmount();
    await clearDrafts();
    queryClient.clear();
    await renderStepOne();
    await waitFor(() => expect(writingField().value).toBe('It began at fourteen'));
  }, 20_000);

  it('lets action 3 be ticked with nothing written here: a Step One may be written on paper', async () => {
    const { user } = await renderStepOne();
    for (const id of [1, 2, 3]) {
      const box = screen.getByRole('checkbox', { name: startingWith(`${id}. `) });
      await user.click(box);
      await waitFor(() => expect(checked(box)).toBe(true));
    }
    expect(screen.queryByRole('dialog')).toBeNull();
  }, 20_000);
});
