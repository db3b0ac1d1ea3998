// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { SaaProgramPage } from './SaaProgramPage.tsx';

describe('the SAA page', () => {
  it('offers every SAA tool as a link, none as content still to come', () => {
    renderWithProviders(<SaaProgramPage />, { account: null });
    const tools = within(screen.getByRole('region', { name: 'SAA tools' }));
    expect(tools.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Am I a Sex Addict?', '/programs/saa/am-i-a-sex-addict'],
      ['Sex Addiction', '/programs/saa/sex-addiction'],
      ['My 3 Circles', '/programs/saa/three-circles'],
      ['Work My 12 Steps', '/programs/saa/12-steps'],
    ]);
    expect(screen.queryByText('Content to be added later')).toBeNull();
  });

  it('links SAA’s literature', () => {
    renderWithProviders(<SaaProgramPage />, { account: null });
    const more = within(screen.getByRole('region', { name: 'More from SAA' }));
    expect(more.getByRole('link', { name: /SAA literature/ }).getAttribute('href')).toBe(
      'https://saa-recovery.org/literature/',
    );
  });
});
