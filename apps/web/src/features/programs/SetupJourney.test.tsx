// @vitest-environment jsdom
import { FELLOWSHIPS } from '@sam/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { SetupJourney } from './SetupJourney.tsx';

describe('the setup screen', () => {
  it('lists the programs in the registry’s order, SAA first, as onboarding does', () => {
    renderWithProviders(<SetupJourney />);
    const names = screen
      .getAllByRole('checkbox')
      .map((box) => document.querySelector(`label[for="${box.id}"]`)?.textContent);
    expect(names).toEqual(FELLOWSHIPS.map((f) => `${f.initials} - ${f.fullName}`));
    expect(names[0]).toBe('SAA - Sex Addicts Anonymous');
  });
});
