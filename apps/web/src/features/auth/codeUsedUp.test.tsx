// @vitest-environment jsdom
import { CODE_USED_UP } from '@sam/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, Reply } from '../../testing/fakeServer.ts';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { VerifyEmailPage } from './VerifyEmailPage.tsx';

/** What the server answers once a code has had its tries. */
const USED_UP = 'This code was tried too many times, so it no longer works. Please send yourself a new code.';
const usedUp = () => new Reply(410, { detail: USED_UP, code: CODE_USED_UP });

describe('a mailed code that is used up', () => {
  it('on Verify Your Email: says so and offers a new code beside the message', async () => {
    const server = fakeServer({
      'POST /api/auth/confirm': usedUp,
      'POST /api/auth/resend-confirmation': () => ({
        message: 'If an account is waiting, a code is on its way.',
      }),
    });
    const { user } = renderWithProviders(<VerifyEmailPage />, {
      account: null,
      route: '/verify-email?email=ada@example.com',
    });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(USED_UP);
    await user.click(within(alert).getByRole('button', { name: 'Send a new code' }));
    expect(server.to('POST', '/api/auth/resend-confirmation').map((r) => r.body)).toEqual([
      { email: 'ada@example.com' },
    ]);
    expect((await screen.findByRole('status')).textContent).toBe('Confirmation code resent successfully');
    expect(screen.queryByText(USED_UP)).toBeNull();
  });

  it('on Verify Your Email: a code that is only wrong offers no new code in the message', async () => {
    fakeServer({
      'POST /api/auth/confirm': () =>
        new Reply(400, { detail: 'That code is not right.', code: 'invalid_code' }),
    });
    const { user } = renderWithProviders(<VerifyEmailPage />, {
      account: null,
      route: '/verify-email?email=ada@example.com',
    });
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('That code is not right.');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('on Reset Your Password: says so, offers a new code beside the message, and sends one', async () => {
    const server = fakeServer({
      'POST /api/auth/reset-password': usedUp,
      'POST /api/auth/forgot-password': () => ({ message: 'If an account exists, a code is on its way.' }),
    });
    const { user } = renderWithProviders(
      <ResetPasswordModal email="ada@example.com" onClose={() => undefined} onDone={() => undefined} />,
      { account: null },
    );
    await user.type(screen.getByLabelText('Reset code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'a new long password');
    await user.type(screen.getByLabelText('Confirm new password'), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert.textContent).toContain(USED_UP);
    await user.click(within(alert).getByRole('button', { name: 'Send a new code' }));
    expect(server.to('POST', '/api/auth/forgot-password').map((r) => r.body)).toEqual([
      { email: 'ada@example.com' },
    ]);
    await screen.findByText('If that email has an account, a new code is on its way.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
