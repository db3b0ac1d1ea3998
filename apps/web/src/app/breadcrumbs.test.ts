import { describe, expect, it } from 'vitest';
import { crumbsOf, pageLabel, programTrail, stepListTrail, stepTrail } from './breadcrumbs.ts';

const labels = (handle: { crumbs: { label: string }[] }) => handle.crumbs.map((c) => c.label);

describe('breadcrumbs', () => {
  it('leads a step page through programs, SAA and the step list', () => {
    expect(labels(stepTrail(7))).toEqual(['Home', 'Recovery Programs', 'SAA', '12 Steps', 'Step 7']);
    expect(stepTrail(7).crumbs.map((c) => c.to)).toEqual([
      '/',
      '/recovery-programs',
      '/programs/saa',
      '/programs/saa/12-steps',
      '/programs/saa/12-steps/step-7',
    ]);
  });

  it('names programs by their initials', () => {
    expect(labels(programTrail('CoDA', 'coda'))).toEqual(['Home', 'Recovery Programs', 'CoDA']);
    expect(labels(stepListTrail())).toEqual(['Home', 'Recovery Programs', 'SAA', '12 Steps']);
  });

  it('takes the deepest route handle with crumbs, and Home when there is none', () => {
    expect(labels({ crumbs: crumbsOf([undefined, stepListTrail(), { other: 1 }]) })).toEqual([
      'Home',
      'Recovery Programs',
      'SAA',
      '12 Steps',
    ]);
    expect(pageLabel(crumbsOf([undefined]))).toBe('Home');
    expect(pageLabel(stepTrail(2).crumbs)).toBe('Step 2');
  });
});
