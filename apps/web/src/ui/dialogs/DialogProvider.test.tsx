// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { useDialogs } from './dialogsContext.ts';
import type { ConfirmOptions } from './types.ts';

/** A page with buttons that ask through useDialogs() and show what each call resolved to. */
function Asker({ confirm }: { confirm: ConfirmOptions }) {
  const dialogs = useDialogs();
  const [answers, setAnswers] = useState<string[]>([]);
  const note = (answer: string) => setAnswers((a) => [...a, answer]);
  return (
    <>
      <button
        type="button"
        onClick={() => void dialogs.confirm(confirm).then((yes) => note(`confirm ${yes}`))}
      >
        Ask
      </button>
      <button
        type="button"
        onClick={() =>
          void dialogs.alert({ title: 'Saved', message: 'Your answers are saved.' }).then(() => note('alert'))
        }
      >
        Tell
      </button>
      <button
        type="button"
        onClick={() => {
          void dialogs.confirm({ title: 'First question' }).then((yes) => note(`first ${yes}`));
          void dialogs.confirm({ title: 'Second question' }).then((yes) => note(`second ${yes}`));
        }}
      >
        Ask twice
      </button>
      <output aria-label="Answers">{answers.join(', ')}</output>
    </>
  );
}

const answers = () => screen.getByRole('status', { name: 'Answers' }).textContent;

function setup(confirm: ConfirmOptions = { title: 'Leave this page?', message: 'Your draft stays.' }) {
  return renderWithProviders(<Asker confirm={confirm} />);
}

describe('confirm', () => {
  it('moves focus into the dialog, resolves true on confirm, and gives focus back', async () => {
    const { user } = setup({ title: 'Leave this page?', message: 'Your draft stays.', confirmText: 'Leave' });
    const opener = screen.getByRole('button', { name: 'Ask' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByText('Your draft stays.')).toBeTruthy();
    // Not a danger confirm: focus starts on the confirm button.
    const leave = within(dialog).getByRole('button', { name: 'Leave' });
    await waitFor(() => expect(document.activeElement).toBe(leave));

    await user.click(leave);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers()).toBe('confirm true');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('a danger confirm starts on the safe answer, and Escape resolves false', async () => {
    const { user } = setup({
      title: 'Delete this entry?',
      variant: 'danger',
      confirmText: 'Delete',
      cancelText: 'Cancel',
    });
    const opener = screen.getByRole('button', { name: 'Ask' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers()).toBe('confirm false');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('Cancel and the close button resolve false; the default labels are Yes and No', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    let dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers()).toBe('confirm false, confirm false');
  });

  it('keeps focus inside the dialog while it is open', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('shows dialogs asked for together one at a time, in order', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Ask twice' }));

    const first = await screen.findByRole('dialog', { name: 'First question' });
    expect(screen.queryByRole('dialog', { name: 'Second question' })).toBeNull();
    await user.click(within(first).getByRole('button', { name: 'Yes' }));

    const second = await screen.findByRole('dialog', { name: 'Second question' });
    await user.click(within(second).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers()).toBe('first true, second false');
  });
});

describe('alert', () => {
  it('focuses OK, resolves when it is pressed, and gives focus back', async () => {
    const { user } = setup();
    const opener = screen.getByRole('button', { name: 'Tell' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Saved' });
    expect(within(dialog).getByText('Your answers are saved.')).toBeTruthy();
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await waitFor(() => expect(document.activeElement).toBe(ok));

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers()).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('resolves on Escape too', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Tell' }));
    await screen.findByRole('dialog', { name: 'Saved' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(answers()).toBe('alert');
  });
});
