import { describe, expect, it } from 'vitest';
import { SAA_PROGRAM } from '../steps/saa.ts';
import {
  formatShareCreated,
  hasInventoriesToShare,
  hasStepStatusToShare,
  hasThreeCirclesToShare,
  SHARE_MESSAGES,
  SHARE_OPTIONS,
  type StepForShare,
  stepFourInventoriesDocument,
  stepStatusDocument,
  threeCirclesContent,
  threeCirclesDocument,
} from './index.ts';

const STEPS = SAA_PROGRAM.tracks[0]?.steps ?? [];
const EVIL = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
const marker = { _type: 'completion_status', completed: true, timestamp: '2026-01-01T00:00:00.000Z' };
const none = { resentments: [], fears: [], harms: [] };

/** Every element name used in a document (a generated document never needs a script or an image). */
const tagsOf = (html: string) =>
  new Set([...html.matchAll(/<([a-z][a-z0-9]*)/gi)].map((m) => m[1]?.toLowerCase()));

function expectClean(html: string) {
  expect(html.startsWith('<!doctype html>')).toBe(true);
  const tags = tagsOf(html);
  for (const bad of ['script', 'img', 'iframe', 'link', 'object', 'form', 'a'])
    expect(tags.has(bad)).toBe(false);
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(html.match(/<style>/g)).toHaveLength(1);
}

describe('the Step Four Inventories document', () => {
  const inventories = {
    resentments: [
      marker,
      {
        id: 'r1',
        who: 'My boss',
        why: 'He "forgot" my raise & lied',
        feeling: 'Angry',
        impacts: ['self-esteem', 'pocketbook', 'my own words'],
        myPart: 'I never asked',
      },
      { id: 'r2', who: '  ', why: '', feeling: '', impacts: [], myPart: '' },
    ],
    fears: [{ id: 'f1', fear: 'Being alone', why: 'Old story', impacts: ['emotional-security'], myPart: '' }],
    harms: [
      {
        id: 'h1',
        whoHarmed: "My sister's family",
        how: 'Missed her wedding',
        defects: ['selfish', 'dishonest'],
        alternative: 'Told the truth',
      },
    ],
  };
  const html = stepFourInventoriesDocument({ owner: 'Alex Morgan', date: '2026-03-05', inventories });

  it('has the header, the three sections with their counts and fields, markers left out', () => {
    expect(html).toContain('<title>Step Four Inventories</title>');
    expect(html).toContain('<h1>Step Four Inventories</h1>');
    // The person by first name only.
    expect(html).toContain('<p class="meta">Alex</p>');
    expect(html).not.toContain('Morgan');
    expect(html).toContain('05-Mar-2026');
    expect(html).toContain('<p class="meta">Made with SAM</p>');
    expect(html).not.toMatch(/\bAI\b|Mentor/);
    expect(html).toContain('Resentments Inventory (2 entries)');
    expect(html).toContain('Fears Inventory (1 entry)');
    expect(html).toContain('Harms Done Inventory (1 entry)');
    for (const label of ['Why', 'Feelings', 'Impacted', 'My Part', 'How', 'Defects']) {
      expect(html).toContain(`<dt>${label}</dt>`);
    }
    expect(html).toContain('<dt>What could I have done differently</dt><dd>Told the truth</dd>');
    expect(html).toContain('<dd>Self-esteem, Pocketbook, my own words</dd>');
    expect(html).toContain('<dd>Selfish, Dishonest</dd>');
    expect(html).not.toContain('completion_status');
    expect(html.match(/class="entry"/g)).toHaveLength(4);
    expectClean(html);
  });

  it('escapes every user text, quotes included', () => {
    expect(html).toContain('He &quot;forgot&quot; my raise &amp; lied');
    expect(html).toContain('My sister&#39;s family');
    const evil = stepFourInventoriesDocument({
      owner: EVIL,
      date: '2026-03-05',
      inventories: {
        resentments: [{ id: 'r', who: EVIL, why: EVIL, feeling: EVIL, impacts: [EVIL], myPart: EVIL }],
        fears: [],
        harms: [{ id: 'h', whoHarmed: 'x', how: '', defects: [EVIL], alternative: '</style><b>' }],
      },
    });
    expectClean(evil);
    expect(evil).not.toContain('<script');
    expect(evil).not.toContain('<img');
    expect(evil).not.toContain('</style><b>');
    expect(evil).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(evil).toContain('onerror=&quot;window.__pwned=2&quot;');
  });

  it('names no one when there is no name, and never prints an address given as the name', () => {
    for (const owner of [null, '', '  ', 'me@example.com', '<b>Alex</b>', 'Alex\u202e']) {
      const doc = stepFourInventoriesDocument({ owner, date: '2026-03-05', inventories });
      const header = doc.slice(doc.indexOf('<header>'), doc.indexOf('</header>'));
      expect(header).toBe(
        '<header><h1>Step Four Inventories</h1><p class="meta">05-Mar-2026</p><p class="meta">Made with SAM</p>',
      );
      expect(doc).not.toContain('example.com');
      expect(doc).not.toContain('Unknown</p>');
    }
  });

  it('shows Unknown for an entry without a name, and omits empty sections', () => {
    const only = stepFourInventoriesDocument({
      owner: null,
      date: new Date('2026-12-31T10:00:00Z'),
      inventories: { ...none, fears: [marker, { id: 'f', why: 'no name' }] },
    });
    expect(only).not.toContain('<p class="meta">Unknown</p>');
    expect(only).toContain('31-Dec-2026');
    expect(only).toContain('<h3>Unknown</h3>');
    expect(only).toContain('Fears Inventory (1 entry)');
    expect(only).not.toContain('Resentments Inventory');
    expect(only).not.toContain('Harms Done Inventory');
    expect(only).toContain('<dt>My Part</dt><dd><span class="empty">—</span></dd>');
  });

  it('needs one entry that is not a marker', () => {
    expect(hasInventoriesToShare(none)).toBe(false);
    expect(hasInventoriesToShare({ resentments: [marker], fears: [marker], harms: [] })).toBe(false);
    expect(hasInventoriesToShare({ ...none, harms: [marker, { id: 'h' }] })).toBe(true);
    expect(hasInventoriesToShare({})).toBe(false);
  });
});

const at = (steps: StepForShare[], i: number): StepForShare => {
  const step = steps[i];
  if (!step) throw new Error(`no step ${i}`);
  return step;
};

const emptySteps = (): StepForShare[] => STEPS.map((step) => ({ step, record: null, data: null }));

describe('the 12-step status document', () => {
  it('gives each of the twelve steps To Do, In Progress or Completed with all its data', () => {
    const steps = emptySteps();
    steps[0] = {
      ...at(steps, 0),
      record: {
        completed: true,
        actions: [1, 2, 3, 4].map((id) => ({ id, completed: true })),
        started_at: '2026-01-02',
        completed_at: '2026-02-03T10:00:00Z',
      },
      data: { step1_writing: `It began at fourteen ${EVIL}` },
    };
    steps[1] = {
      ...at(steps, 1),
      record: { completed: false, actions: [{ id: 1, completed: true }] },
      data: { step2_questions: { q1: { key: 'spirituality_childhood', answer: 'Church "every" Sunday' } } },
    };
    steps[2] = { ...at(steps, 2), record: null, data: { prayer_text: `Keep me honest ${EVIL}` } };
    steps[4] = {
      ...at(steps, 4),
      record: { completed: false, actions: [] },
      data: { sharedWithSponsor: true, characterDefects: ['Pride', ' ', 'Impatience <b>'] },
    };
    steps[5] = {
      ...at(steps, 5),
      data: { defectAnswers: { Pride: { hurts: 'It isolates me', helps: 'Safety', less: 'Calm' } } },
    };
    const html = stepStatusDocument({ owner: 'Sam', date: '2026-03-05', steps });
    expectClean(html);
    expect(html).toContain('<title>SAA 12-Step Status</title>');
    expect(html).toContain('<p class="meta">Sam</p>');
    expect(html).toContain('<p class="meta">Made with SAM</p>');
    expect(html).not.toMatch(/\bAI\b|Mentor/);
    expect(html.match(/class="step"/g)).toHaveLength(12);
    const statuses = [...html.matchAll(/class="status \w+">([^<]+)</g)].map((m) => m[1]);
    expect(statuses.slice(0, 6)).toEqual([
      'Completed',
      'In Progress',
      'In Progress',
      'To Do',
      'In Progress',
      'In Progress',
    ]);
    expect(statuses.slice(6)).toEqual(Array(6).fill('To Do'));
    expect(html).toContain('Started 02-Jan-2026 · Completed 03-Feb-2026');
    expect(html).toContain('✓ Done: Read about Step One');
    expect(html).toContain('<h4>My Step One</h4><p class="text">It began at fourteen &lt;script&gt;');
    expect(html).toContain('Church &quot;every&quot; Sunday');
    expect(html).toContain('Keep me honest &lt;script&gt;');
    expect(html).toContain('<li>Impatience &lt;b&gt;</li>');
    expect(html).toContain('<dt>I have shared my Step Four inventories with my sponsor</dt><dd>Yes</dd>');
    expect(html).toContain('<h4>Pride</h4>');
    expect(html).toContain('It isolates me');
    expect(html).not.toContain('Inventory (');
  });

  it('has something to report only when a step is completed, has a ticked action or written text', () => {
    expect(hasStepStatusToShare(emptySteps())).toBe(false);
    const blank = emptySteps().map((s) => ({
      ...s,
      record: { completed: false, actions: [{ id: 1, completed: false }] },
      data: { prayer_text: '   ', characterDefects: [''] },
    }));
    expect(hasStepStatusToShare(blank)).toBe(false);
    expect(hasStepStatusToShare([{ record: { completed: true }, data: null }])).toBe(true);
    expect(hasStepStatusToShare([{ record: { actions: [{ id: 2, completed: true }] }, data: null }])).toBe(
      true,
    );
    expect(hasStepStatusToShare([{ record: null, data: { notes: 'x' } }])).toBe(true);
    expect(hasStepStatusToShare([{ record: null, data: { step1_writing: 'x' } }])).toBe(true);
    expect(hasStepStatusToShare([{ record: null, data: { step1_writing: ' \n' } }])).toBe(false);
  });
});

describe('the My Three Circles document', () => {
  const circles = {
    inner: [
      { id: 'i1', text: 'Acting out online' },
      { id: 'i2', text: `Secrets ${EVIL}` },
    ],
    middle: [{ id: 'm1', text: 'Staying up late "alone" & tired' }],
    outer: [],
  };
  const abstinence = {
    periods: [
      { id: 'p1', start: '2025-11-01', end: '2025-12-20', slipNote: 'A hard week' },
      { id: 'p2', start: '2025-12-21', end: null },
    ],
  };
  const html = threeCirclesDocument({ owner: 'me@example.com', date: '2026-03-05', circles, abstinence });
  const named = threeCirclesDocument({ owner: "Zoë O'Neil", date: '2026-03-05', circles, abstinence });

  it('has the header, the day count and the three circles, inner first, every text escaped', () => {
    expectClean(html);
    expect(html).toContain('<title>My Three Circles</title>');
    expect(html).toContain('<h1>My Three Circles</h1>');
    expect(html).not.toContain('me@example.com');
    expect(named).toContain('<p class="meta">Zoë</p>');
    expect(named).not.toContain('Neil');
    expect(html).toContain('05-Mar-2026');
    expect(html).toContain('<dt>Abstinent for</dt><dd>74 days</dd>');
    expect(html).toContain('<dt>Counting since</dt><dd>21-Dec-2025</dd>');
    const headings = [...html.matchAll(/<h2>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Inner circle', 'Middle circle', 'Outer circle']);
    expect(html).toContain('<li>Acting out online</li>');
    expect(html).toContain('<li>Secrets &lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).toContain('<li>Staying up late &quot;alone&quot; &amp; tired</li>');
    expect(html).toContain('<p class="empty">Nothing in this circle yet.</p>');
    expect(html).not.toContain('A hard week');
  });

  it('leaves the day count out when no count is running or none was set', () => {
    const ended = { periods: [{ id: 'p1', start: '2025-11-01', end: '2025-12-20' }] };
    for (const record of [null, { periods: [] }, ended]) {
      const doc = threeCirclesDocument({ owner: null, date: '2026-03-05', circles, abstinence: record });
      expect(doc).not.toContain('Abstinent for');
      expect(doc).not.toContain('<p class="meta">Unknown</p>');
    }
    expect(threeCirclesContent({ circles, abstinence }, '2025-12-21').abstinence).toEqual([
      { label: 'Abstinent for', value: '0 days' },
      { label: 'Counting since', value: '21-Dec-2025' },
    ]);
  });

  it('needs at least one item in a circle', () => {
    expect(hasThreeCirclesToShare(null)).toBe(false);
    expect(hasThreeCirclesToShare({ inner: [], middle: [], outer: [] })).toBe(false);
    expect(hasThreeCirclesToShare({ ...circles, inner: [] })).toBe(true);
  });
});

describe('share texts', () => {
  it('names the documents and words their messages exactly', () => {
    expect(SHARE_OPTIONS.map((o) => o.name)).toEqual([
      'SAA 12-Step Status',
      'Step Four Inventories',
      'My Three Circles',
    ]);
    expect(SHARE_MESSAGES.nothingInCircles).toBe(
      'There is nothing in your three circles yet. Please come back when you have written your circles.',
    );
    expect(SHARE_MESSAGES.created('Step Four Inventories')).toBe(
      'Document "Step Four Inventories" created successfully!',
    );
    expect(SHARE_MESSAGES.confirmDelete('SAA 12-Step Status')).toBe(
      'Are you sure you want to delete "SAA 12-Step Status"?',
    );
  });

  it('shows the creation date as DD-Mon-YYYY, hh:mm AM/PM with a zone', () => {
    expect(formatShareCreated('2026-03-05T14:07:00', 'UTC')).toBe('05-Mar-2026, 02:07 PM UTC');
    expect(formatShareCreated('2026-03-05T00:30:00', 'America/New_York')).toBe('04-Mar-2026, 07:30 PM EST');
    expect(formatShareCreated('not a date')).toBe('not a date');
  });
});
