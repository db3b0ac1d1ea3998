// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { NoteEmailSetting } from './NoteEmailSetting.tsx';

const WAIT = { timeout: 10_000 };
const LABEL = 'E-mail me when I have a new note';

function settingsServer({ fail = false, byEmail: start = true } = {}) {
  let byEmail = start;
  return fakeServer({
    'GET /api/notifications/settings': () => ({ byEmail }),
    'PUT /api/notifications/settings': ({ body }) => {
      if (fail) return new Reply(503, { detail: 'The server is restarting.' });
      byEmail = (body as { byEmail: boolean }).byEmail;
      return { byEmail };
    },
  });
}

describe('the e-mail setting for notes', { timeout: 30_000 }, () => {
  it('reads the setting, says the e-mail never tells what a note is about, and turns it off', async () => {
    const server = settingsServer();
    const { user } = renderWithProviders(<NoteEmailSetting />);
    const box = await screen.findByRole('checkbox', { name: LABEL }, WAIT);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true), WAIT);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /never what it is about/,
    );

    await waitFor(() => expect(box.hasAttribute('disabled')).toBe(false), WAIT);
    await user.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false), WAIT);
    await waitFor(() => expect(box.hasAttribute('disabled')).toBe(false), WAIT);
    expect(server.to('PUT', '/api/notifications/settings').map((r) => r.body)).toEqual([{ byEmail: false }]);
  });

  it('shows a setting turned off as off, and turns it on again', async () => {
    const server = settingsServer({ byEmail: false });
    const { user } = renderWithProviders(<NoteEmailSetting />);
    const box = await screen.findByRole('checkbox', { name: LABEL }, WAIT);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false), WAIT);
    await waitFor(() => expect(box.hasAttribute('disabled')).toBe(false), WAIT);
    await user.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true), WAIT);
    expect(server.to('PUT', '/api/notifications/settings').map((r) => r.body)).toEqual([{ byEmail: true }]);
  });

  it('says so when the change could not be saved, and shows the setting as it is', async () => {
    settingsServer({ fail: true });
    const { user } = renderWithProviders(<NoteEmailSetting />);
    const box = await screen.findByRole('checkbox', { name: LABEL }, WAIT);
    await waitFor(() => expect(box.hasAttribute('disabled')).toBe(false), WAIT);
    await user.click(box);
    await screen.findByText('Could not save your e-mail setting. Please try again.', {}, WAIT);
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
