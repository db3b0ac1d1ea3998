// @vitest-environment jsdom
import type { PageVisit, ProgramPreferences } from '@sam/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, TEST_USER } from '../../testing/renderWithProviders.tsx';
import { PersonalHome } from './PersonalHome.tsx';

/** AA is primary; SAA is worked beside it. */
const AA_FIRST: ProgramPreferences = { selectedPrograms: ['aa', 'saa'], primaryProgram: 'aa' };

const visitTo = (lastPage: string, lastPageTitle: string): PageVisit => ({
  userId: TEST_USER.id,
  lastPage,
  lastPageTitle,
  lastVisited: '2026-11-25T08:00:00.000Z',
});

const primaryCard = () => screen.getByRole('region', { name: /AA - Alcoholics Anonymous/ });
const otherRow = (name: string) =>
  within(screen.getByRole('region', { name: 'Your Other Programs' }))
    .getByText(name, { exact: true })
    .closest('li') as HTMLElement;
const continueLink = (title: string) => screen.getByRole('link', { name: `Continue: ${title}` });

describe('Continue on the personal home page', () => {
  it('sits under the program the last page belongs to, not under the primary program', () => {
    renderWithProviders(
      <PersonalHome
        preferences={AA_FIRST}
        lastVisit={visitTo('/programs/saa/12-steps/step-1', 'Step One')}
      />,
    );
    const link = continueLink('Step One');
    expect(otherRow('SAA - Sex Addicts Anonymous').contains(link)).toBe(true);
    expect(primaryCard().contains(link)).toBe(false);
    expect(link.getAttribute('href')).toBe('/programs/saa/12-steps/step-1');
  });

  it('sits in the primary program’s card when the page is the primary program’s', () => {
    renderWithProviders(<PersonalHome preferences={AA_FIRST} lastVisit={visitTo('/programs/aa', 'AA')} />);
    expect(primaryCard().contains(continueLink('AA'))).toBe(true);
  });

  it('stands on its own for a page of no program the user works', () => {
    for (const [page, title] of [
      ['/discover', 'Discover Recovery'],
      ['/programs/na', 'NA - Narcotics Anonymous'],
    ] as const) {
      const { unmount } = renderWithProviders(
        <PersonalHome preferences={AA_FIRST} lastVisit={visitTo(page, title)} />,
      );
      const link = continueLink(title);
      expect(primaryCard().contains(link), page).toBe(false);
      expect(screen.getByRole('region', { name: 'Your Other Programs' }).contains(link), page).toBe(false);
      // Before the programs, right under the page's introduction.
      expect(link.compareDocumentPosition(primaryCard()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      unmount();
    }
  });

  it('is not offered without a last page', () => {
    renderWithProviders(<PersonalHome preferences={AA_FIRST} lastVisit={null} />);
    expect(screen.queryByRole('link', { name: /^Continue:/ })).toBeNull();
  });
});
