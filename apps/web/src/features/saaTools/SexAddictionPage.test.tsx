// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { SexAddictionPage } from './SexAddictionPage.tsx';

describe('Sex Addiction', () => {
  it('says what sex addiction is and is not, and how SAA helps', () => {
    renderWithProviders(<SexAddictionPage />, { account: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Sex Addiction' })).toBeTruthy();
    const isNot = screen.getByRole('region', { name: 'What it is not' });
    expect(within(isNot).getByText(/Sexual orientation and gender identity are not addictions/)).toBeTruthy();
    expect(within(isNot).getByText(/not a moral failing/)).toBeTruthy();
    const helps = screen.getByRole('region', { name: 'How the program helps' });
    for (const term of ['Fellowship.', 'A sponsor.', 'The twelve steps.', 'The three circles.']) {
      expect(within(helps).getByText(term)).toBeTruthy();
    }
    expect(within(helps).getByText(/Each member decides, often with their sponsor/)).toBeTruthy();
  });

  it('links SAA’s own website, meetings and literature, SAM’s SAA tools and the crisis lines', () => {
    renderWithProviders(<SexAddictionPage />, { account: null });
    const official = within(screen.getByRole('region', { name: 'Meetings and literature' }));
    const hrefs = official.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['SAA official website (opens in a new tab)', 'https://saa-recovery.org'],
      [
        'Find an SAA meeting, in person, by phone or online (opens in a new tab)',
        'https://saa-recovery.org/meetings/',
      ],
      ['SAA literature (opens in a new tab)', 'https://saa-recovery.org/literature/'],
    ]);
    const onSam = within(screen.getByRole('region', { name: 'On SAM' }));
    expect(onSam.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/programs/saa/am-i-a-sex-addict',
      '/programs/saa/three-circles',
      '/programs/saa/12-steps',
    ]);
    const crisis = within(screen.getByRole('region', { name: 'If you are in crisis' }));
    expect(crisis.getByRole('link', { name: '988' }).getAttribute('href')).toBe('tel:988');
    expect(crisis.getByRole('link', { name: '1-800-662-HELP' }).getAttribute('href')).toBe('tel:18006624357');
  });
});
