import { describe, expect, it } from 'vitest';
import {
  ASSESSMENT_MODULES,
  type AssessmentModule,
  assessmentModule,
  LEVEL_A_QUESTIONS,
  MODULE_IDS,
} from './questions.ts';
import {
  type Answers,
  areaBand,
  areaResult,
  areaScore,
  countYes,
  FIT_LABELS,
  fitBadge,
  fitForPercent,
  isAreaComplete,
  levelABand,
  nextAreaIndex,
  orderedSelection,
  rankAreas,
  rankedProgramSlugs,
  recognizedPatterns,
  stageAfterLevelA,
  stageAfterModules,
} from './rules.ts';

/** `yes` yes answers then no answers, for an area's questions q1..qN. */
function answers(total: number, yes: number): Answers {
  const out: Answers = {};
  for (let i = 1; i <= total; i++) out[`q${i}`] = i <= yes;
  return out;
}

function area(id: AssessmentModule['id'], size: number): AssessmentModule {
  const base = ASSESSMENT_MODULES.find((m) => m.id === id) as AssessmentModule;
  return {
    ...base,
    questions: Array.from({ length: size }, (_, i) => ({ id: `q${i + 1}`, text: `${id} ${i + 1}` })),
  };
}

describe('assessment content', () => {
  it('has seven level-A questions and seven areas of 2 to 4 questions mapped to the right programs', () => {
    expect(LEVEL_A_QUESTIONS.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7']);
    expect(ASSESSMENT_MODULES.map((m) => [m.id, m.program_slug])).toEqual([
      ['alcohol', 'aa'],
      ['drugs', 'na'],
      ['sex', 'saa'],
      ['food', 'oa'],
      ['gambling', 'ga'],
      ['money', 'da'],
      ['relationships', 'coda'],
    ]);
    for (const m of ASSESSMENT_MODULES) {
      expect(m.questions.length).toBeGreaterThanOrEqual(2);
      expect(m.questions.length).toBeLessThanOrEqual(4);
      expect(new Set(m.questions.map((q) => q.id)).size).toBe(m.questions.length);
    }
  });
});

describe('level-A thresholds', () => {
  it('counts only yes answers', () => {
    expect(countYes({})).toBe(0);
    expect(countYes({ q1: true, q2: false, q3: true })).toBe(2);
  });

  it('under 2 yes skips the area choice; 2 to 4 offer it; 5 or more also say things are hurting', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(levelABand)).toEqual([
      'few',
      'few',
      'some',
      'some',
      'some',
      'hurting',
      'hurting',
      'hurting',
    ]);
    expect(stageAfterLevelA(0)).toBe('results');
    expect(stageAfterLevelA(1)).toBe('results');
    expect(stageAfterLevelA(2)).toBe('modules');
    expect(stageAfterLevelA(4)).toBe('modules');
    expect(stageAfterLevelA(5)).toBe('modules');
    expect(stageAfterLevelA(7)).toBe('modules');
  });
});

describe('stage transitions', () => {
  it('moves from the area choice to questions only when an area is chosen', () => {
    expect(stageAfterModules([])).toBe('results');
    expect(stageAfterModules(['food'])).toBe('questions');
  });

  it('keeps chosen areas in the offered order, once each, dropping unknown ids', () => {
    expect(orderedSelection(['food', 'sex', 'nope', 'food', 'alcohol'])).toEqual(['alcohol', 'sex', 'food']);
    expect(orderedSelection([...MODULE_IDS].reverse())).toEqual([...MODULE_IDS]);
  });

  it('finds the next chosen area still to answer, or null when the results come next', () => {
    const selected = orderedSelection(['sex', 'food']);
    expect(nextAreaIndex(selected, {})).toBe(0);
    expect(nextAreaIndex(selected, { sex: answers(4, 4) })).toBe(1);
    expect(nextAreaIndex(selected, { sex: answers(4, 4) }, 1)).toBe(1);
    expect(nextAreaIndex(selected, { sex: answers(4, 4), food: answers(4, 2) })).toBeNull();
    // an area with a missing answer is not done
    expect(nextAreaIndex(selected, { sex: { q1: true, q2: true, q3: true }, food: answers(4, 0) })).toBe(0);
    expect(nextAreaIndex([], {})).toBeNull();
  });

  it('calls an area complete only when every question has a yes or no', () => {
    const sex = area('sex', 3);
    expect(isAreaComplete(sex, { q1: true, q2: false })).toBe(false);
    expect(isAreaComplete(sex, { q1: true, q2: false, q3: false })).toBe(true);
  });
});

describe('fit badges', () => {
  it('uses 75 % and 50 % as the lower edges of Strong and Moderate', () => {
    expect(fitForPercent(0)).toBe('light');
    expect(fitForPercent(49)).toBe('light');
    expect(fitForPercent(49.99)).toBe('light');
    expect(fitForPercent(50)).toBe('moderate');
    expect(fitForPercent(74)).toBe('moderate');
    expect(fitForPercent(74.99)).toBe('moderate');
    expect(fitForPercent(75)).toBe('strong');
    expect(fitForPercent(100)).toBe('strong');
    expect(FIT_LABELS).toEqual({ strong: 'Strong fit', moderate: 'Moderate fit', light: 'Light fit' });
  });

  it('areas of 2 questions: 1 yes is 50 % (Moderate), 2 yes Strong', () => {
    expect(fitBadge(1, 2)).toBe('moderate');
    expect(fitBadge(2, 2)).toBe('strong');
  });

  it('areas of 3 questions: 1 yes is 33 % (Light), 2 yes 67 % (Moderate), 3 yes Strong', () => {
    expect(fitBadge(1, 3)).toBe('light');
    expect(fitBadge(2, 3)).toBe('moderate');
    expect(fitBadge(3, 3)).toBe('strong');
  });

  it('areas of 4 questions: 1 yes Light, 2 yes exactly 50 % Moderate, 3 yes exactly 75 % Strong', () => {
    expect(fitBadge(1, 4)).toBe('light');
    expect(fitBadge(2, 4)).toBe('moderate');
    expect(fitBadge(3, 4)).toBe('strong');
    expect(fitBadge(4, 4)).toBe('strong');
  });

  it('just under and at each edge with larger totals (49/50 and 74/75 %)', () => {
    expect(fitBadge(49, 100)).toBe('light');
    expect(fitBadge(50, 100)).toBe('moderate');
    expect(fitBadge(74, 100)).toBe('moderate');
    expect(fitBadge(75, 100)).toBe('strong');
    expect(fitBadge(0, 0)).toBe('light');
  });

  it('scores an area by its own questions only', () => {
    const food = area('food', 4);
    expect(areaScore(food, { q1: true, q2: false, q3: true, extra: true })).toEqual({
      yes: 2,
      total: 4,
      percent: 50,
    });
    expect(areaScore(area('drugs', 3), answers(3, 2)).percent).toBe(67);
  });
});

describe('ranking', () => {
  const modules = [area('alcohol', 4), area('drugs', 3), area('sex', 4), area('food', 4), area('money', 2)];
  const all = modules.map((m) => m.id);

  it('is empty with no chosen areas, or when every answer is no', () => {
    expect(rankAreas([], {}, modules)).toEqual([]);
    expect(rankAreas(all, { alcohol: answers(4, 0), money: answers(2, 0) }, modules)).toEqual([]);
    expect(rankedProgramSlugs([])).toEqual([]);
  });

  it('lists only chosen areas with at least one yes, highest score first, with badges and reasons', () => {
    const results = rankAreas(
      ['sex', 'food', 'drugs'],
      { sex: answers(4, 4), food: { q1: true, q2: false, q3: true, q4: false }, drugs: answers(3, 0) },
      modules,
    );
    expect(results.map((r) => [r.module.id, r.yes, r.total, r.fit, r.fitLabel])).toEqual([
      ['sex', 4, 4, 'strong', 'Strong fit'],
      ['food', 2, 4, 'moderate', 'Moderate fit'],
    ]);
    expect(results[1]?.reasons).toEqual(['food 1', 'food 3']);
    expect(rankedProgramSlugs(results)).toEqual(['saa', 'oa']);
  });

  it('ignores answers of areas that are not chosen', () => {
    const results = rankAreas(['food'], { sex: answers(4, 4), food: answers(4, 1) }, modules);
    expect(results.map((r) => r.module.id)).toEqual(['food']);
  });

  it('breaks a tie on yes answers by the higher share of yes (2 of 2 before 2 of 3 before 2 of 4)', () => {
    const results = rankAreas(
      all,
      { alcohol: answers(4, 2), drugs: answers(3, 2), money: answers(2, 2) },
      modules,
    );
    expect(results.map((r) => [r.module.id, r.fit])).toEqual([
      ['money', 'strong'],
      ['drugs', 'moderate'],
      ['alcohol', 'moderate'],
    ]);
  });

  it('breaks a full tie by the order the areas are offered in, whatever order they were chosen in', () => {
    const results = rankAreas(
      ['food', 'sex', 'alcohol'],
      { food: answers(4, 3), sex: answers(4, 3), alcohol: answers(4, 3) },
      modules,
    );
    expect(results.map((r) => r.module.id)).toEqual(['alcohol', 'sex', 'food']);
  });

  it('ranks more yes answers first even against a higher share', () => {
    const results = rankAreas(all, { money: answers(2, 2), sex: answers(4, 3) }, modules);
    expect(results.map((r) => r.module.id)).toEqual(['sex', 'money']);
  });

  it('names each program once in the onboarding list', () => {
    const twice = [area('sex', 2), { ...area('food', 2), program_slug: 'saa' as const }];
    const results = rankAreas(['sex', 'food'], { sex: answers(2, 2), food: answers(2, 1) }, twice);
    expect(rankedProgramSlugs(results)).toEqual(['saa']);
  });

  it('works with the real areas', () => {
    const results = rankAreas(['sex', 'food'], { sex: answers(4, 4), food: answers(4, 2) });
    expect(results.map((r) => [r.module.program_slug, r.fitLabel])).toEqual([
      ['saa', 'Strong fit'],
      ['oa', 'Moderate fit'],
    ]);
    expect(results[0]?.reasons).toHaveLength(4);
  });
});

describe('patterns you recognized', () => {
  it('lists the pattern of each level-A yes, in question order', () => {
    expect(recognizedPatterns({})).toEqual([]);
    expect(recognizedPatterns({ q7: true, q1: true, q2: false })).toEqual([
      'Trying to cut back, and not being able to',
      'Harm to relationships, work or health',
    ]);
    const allYes = Object.fromEntries(LEVEL_A_QUESTIONS.map((q) => [q.id, true]));
    expect(recognizedPatterns(allYes)).toHaveLength(7);
  });
});

describe('one area on its own', () => {
  it('finds an area by its id, with the questions the full assessment asks', () => {
    const sex = assessmentModule('sex');
    expect(sex).toBe(ASSESSMENT_MODULES.find((m) => m.id === 'sex'));
    expect(sex.program_slug).toBe('saa');
    expect(sex.questions).toHaveLength(4);
  });

  it('gives the score, badge and the questions answered yes, as the ranking does', () => {
    const sex = assessmentModule('sex');
    const result = areaResult(sex, { q1: true, q2: false, q3: true, q4: false });
    expect(result).toMatchObject({
      yes: 2,
      total: 4,
      percent: 50,
      fit: 'moderate',
      fitLabel: 'Moderate fit',
    });
    expect(result.module).toBe(sex);
    expect(result.reasons).toEqual([sex.questions[0]?.text, sex.questions[2]?.text]);
    expect(rankAreas(['sex'], { sex: { q1: true, q2: false, q3: true, q4: false } })).toEqual([result]);
  });

  it('with no yes still gives a result, with no reasons', () => {
    expect(areaResult(area('sex', 4), answers(4, 0))).toMatchObject({ yes: 0, fit: 'light', reasons: [] });
  });

  it('reads in the assessment’s three tones: Strong hurting, Moderate some, Light or no yes few', () => {
    const sex = area('sex', 4);
    expect([0, 1, 2, 3, 4].map((yes) => areaBand(areaResult(sex, answers(4, yes))))).toEqual([
      'few',
      'few',
      'some',
      'hurting',
      'hurting',
    ]);
    expect(areaBand(areaResult(area('money', 2), answers(2, 1)))).toBe('some');
  });
});
