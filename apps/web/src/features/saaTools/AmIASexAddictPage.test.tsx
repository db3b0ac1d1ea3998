// @vitest-environment jsdom
import { assessmentModule } from '@sam/core';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeServer } from '../../testing/fakeServer.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { AmIASexAddictPage } from './AmIASexAddictPage.tsx';
import { storageKey } from './areaCheckState.ts';

const SEX = assessmentModule('sex');
const questionHeading = (n: number) =>
  screen.findByRole('heading', { level: 2, name: new RegExp(`^Question ${n} of ${SEX.questions.length} `) });

/** Starts the questions and answers them in order, waiting for each auto-advance. */
async function answerAll(user: UserEvent, answers: boolean[]) {
  await user.click(screen.getByRole('button', { name: 'Start the questions' }));
  for (const [i, yes] of answers.entries()) {
    await questionHeading(i + 1);
    await user.click(screen.getByRole('button', { name: yes ? 'Yes' : 'No' }));
  }
  await screen.findByRole('heading', { level: 2, name: 'Your Result' });
}

const link = (name: string | RegExp) => screen.getByRole('link', { name }).getAttribute('href');

beforeEach(() => {
  sessionStorage.clear();
});

describe('Am I a Sex Addict?', () => {
  it('asks the self-assessment’s questions about sex one at a time and shows a Strong fit with its reasons', async () => {
    const server = fakeServer({});
    const { user } = renderWithProviders(<AmIASexAddictPage />, { account: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Am I a Sex Addict?' })).toBeTruthy();
    expect(screen.getByText(/Your answers stay on this device/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Start the questions' }));
    const first = await questionHeading(1);
    expect(first.textContent).toContain(SEX.questions[0]?.text);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('0 of 4 answered');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    for (const [i, yes] of [true, true, false].entries()) {
      await user.click(screen.getByRole('button', { name: yes ? 'Yes' : 'No' }));
      await questionHeading(i + 2);
    }
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('heading', { level: 2, name: 'Your Result' });

    expect(screen.getByText(/sounds like it is hurting you/)).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Sex Addicts Anonymous (SAA)' });
    expect(within(card).getByText('Strong fit')).toBeTruthy();
    expect(within(card).getByText('From your answers: 3 of 4 yes.')).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([0, 1, 3].map((i) => SEX.questions[i]?.text));

    // The way on to SAA; a visitor is not offered the 12 steps.
    expect(link('Learn about SAA')).toBe('/programs/saa');
    expect(link(/^Find an SAA meeting/)).toBe('https://saa-recovery.org/meetings/');
    expect(link('Read about sex addiction')).toBe('/programs/saa/sex-addiction');
    expect(screen.queryByRole('link', { name: 'Work My 12 Steps' })).toBeNull();
    expect(screen.getByRole('region', { name: 'If you are in crisis' })).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('says so kindly when every answer is no, and offers a signed-in person the 12 steps', async () => {
    const { user } = renderWithProviders(<AmIASexAddictPage />);
    await answerAll(user, [false, false, false, false]);
    expect(screen.getByText(/do not point strongly to a problem right now/)).toBeTruthy();
    expect(screen.getByText(/You answered no to every question/)).toBeTruthy();
    expect(screen.queryByText('Why this suggestion:')).toBeNull();
    expect(link('Work My 12 Steps')).toBe('/programs/saa/12-steps');
    expect(link('Learn about SAA')).toBe('/programs/saa');
  });

  it('keeps the answers in this tab only, comes back to the same question, and forgets them on Answer again', async () => {
    const { user, unmount } = renderWithProviders(<AmIASexAddictPage />, { account: null });
    await user.click(screen.getByRole('button', { name: 'Start the questions' }));
    await questionHeading(1);
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await questionHeading(2);
    await user.click(screen.getByRole('button', { name: 'No' }));
    await questionHeading(3);
    expect(JSON.parse(sessionStorage.getItem(storageKey('sex')) ?? '{}').answers).toEqual({
      q1: true,
      q2: false,
    });
    expect(localStorage.getItem(storageKey('sex'))).toBeNull();
    unmount();

    // As after a reload: the same question, and Previous shows the answer given.
    const again = renderWithProviders(<AmIASexAddictPage />, { account: null });
    await questionHeading(3);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2 of 4 answered');
    await again.user.click(screen.getByRole('button', { name: 'Previous' }));
    await questionHeading(2);
    expect(screen.getByRole('button', { name: 'No' }).getAttribute('aria-pressed')).toBe('true');
    await again.user.click(screen.getByRole('button', { name: 'No' }));
    await questionHeading(3);
    await again.user.click(screen.getByRole('button', { name: 'Yes' }));
    await questionHeading(4);
    await again.user.click(screen.getByRole('button', { name: 'No' }));
    await screen.findByRole('heading', { level: 2, name: 'Your Result' });
    expect(screen.getByText('Moderate fit')).toBeTruthy();
    expect(screen.getByText(/patterns worth a closer look/)).toBeTruthy();

    await again.user.click(screen.getByRole('button', { name: 'Answer again' }));
    await screen.findByRole('heading', { level: 2, name: 'A private look at your sexual behavior' });
    expect(sessionStorage.getItem(storageKey('sex'))).toBeNull();
  });
});
