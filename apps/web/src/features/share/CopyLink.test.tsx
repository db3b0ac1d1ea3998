// @vitest-environment jsdom
import { SHARE_MESSAGES } from '@sam/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { CopyLink } from './CopyLink.tsx';

const LINK = `https://sam.example/s/${'A'.repeat(22)}#${'k'.repeat(43)}`;
const NAME = 'SAA 12-Step Status';
const clipboard = Object.getOwnPropertyDescriptor(globalThis.navigator, 'clipboard');

afterEach(() => {
  if (clipboard) Object.defineProperty(globalThis.navigator, 'clipboard', clipboard);
});

describe('Copy link', () => {
  it('puts the link on the clipboard and says so in a status region', async () => {
    const { user } = renderWithProviders(<CopyLink link={LINK} name={NAME} />);
    expect(screen.getByRole('status').textContent).toBe('');
    await user.click(screen.getByRole('button', { name: `Copy link to ${NAME}` }));
    expect(await screen.findByText(SHARE_MESSAGES.linkCopied, {}, { timeout: 10_000 })).toBe(
      screen.getByRole('status'),
    );
    expect(await navigator.clipboard.readText()).toBe(LINK);
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('without a clipboard, shows the link selected to copy by hand', async () => {
    const { user } = renderWithProviders(<CopyLink link={LINK} name={NAME} />);
    Object.defineProperty(globalThis.navigator, 'clipboard', { value: undefined, configurable: true });
    await user.click(screen.getByRole('button', { name: `Copy link to ${NAME}` }));
    expect(await screen.findByText(SHARE_MESSAGES.copyByHand, {}, { timeout: 10_000 })).toBe(
      screen.getByRole('status'),
    );
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: `Link to ${NAME}` });
    expect(field.value).toBe(LINK);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, LINK.length]);
    expect(screen.queryByText(SHARE_MESSAGES.linkCopied)).toBeNull();
  });
});
