import { describe, expect, it } from 'vitest';
import { SAA_PROGRAM } from '../steps/saa.ts';
import {
  readSharedItemContent,
  SHARED_CONTENT_MESSAGES,
  sharedCirclesContent,
  sharedInventoryContent,
  sharedItemContentSchema,
  sharedStepContent,
} from './sharedContent.ts';

const STEPS = SAA_PROGRAM.tracks[0]?.steps ?? [];
const step = (n: number) => {
  const found = STEPS[n - 1];
  if (!found) throw new Error(`no step ${n}`);
  return found;
};

describe('a shared step', () => {
  it('never saved: its title, To Do, every action not yet done, nothing written', () => {
    const content = sharedStepContent({ step: step(1), record: null, data: null });
    expect(sharedItemContentSchema.parse(content)).toEqual(content);
    expect(content.title).toBe(`${step(1).title}: ${step(1).name}`);
    expect(content.status).toBe('To Do');
    expect(content.blocks).toEqual([
      {
        heading: 'Actions',
        fields: step(1).actions.map((a) => ({ label: a.label, value: 'Not yet' })),
      },
    ]);
  });

  it('with writing, a done action and dates: all of it, trimmed, the long text whole', () => {
    const long = `${'I was powerless. '.repeat(3000)}`;
    const first = step(1).actions[0];
    const content = sharedStepContent({
      step: step(1),
      record: {
        completed: false,
        actions: [{ id: first?.id ?? 1, completed: true }],
        started_at: '2026-01-02',
      },
      data: { step1_writing: `  ${long}  `, notes: '\n' },
    });
    expect(content.status).toBe('In Progress · Started 02-Jan-2026');
    const actions = content.blocks[0];
    expect(actions && 'fields' in actions ? actions.fields[0] : null).toEqual({
      label: first?.label,
      value: 'Done',
    });
    expect(content.blocks).toContainEqual({ heading: 'My Step One', text: long.trim() });
    expect(content.blocks.some((b) => b.heading === 'Notes')).toBe(false);
  });

  it('with questions: every prompt, answered or not', () => {
    const withQuestions = STEPS.find((s) => s.questions);
    if (!withQuestions?.questions) throw new Error('a step with questions');
    const content = sharedStepContent({ step: withQuestions, record: null, data: null });
    const answers = content.blocks.find((b) => b.heading === 'Answers');
    expect(answers && 'fields' in answers ? answers.fields.map((f) => f.value) : null).toEqual(
      withQuestions.questions.items.map(() => ''),
    );
  });
});

describe('a shared inventory', () => {
  const marker = { _type: 'completion_status', completed: true, timestamp: '2026-01-01T00:00:00.000Z' };

  it('leaves out the completion marker and says it is marked complete', () => {
    const content = sharedInventoryContent('resentments', [
      marker,
      { id: 'r1', who: 'My boss', why: 'He lied', feeling: 'Angry', impacts: ['self-esteem'], myPart: '' },
    ]);
    expect(sharedItemContentSchema.parse(content)).toEqual(content);
    expect(content.title).toBe('Resentments Inventory');
    expect(content.status).toBe('1 entry · Marked complete');
    expect(content.blocks).toEqual([
      {
        heading: 'My boss',
        fields: [
          { label: 'Why', value: 'He lied' },
          { label: 'Feelings', value: 'Angry' },
          { label: 'Impacted', value: 'Self-esteem' },
          { label: 'My Part', value: '' },
        ],
      },
    ]);
  });

  it('with only a marker is empty and not complete', () => {
    const content = sharedInventoryContent('harms', [marker]);
    expect(content).toEqual({ title: 'Harms Done Inventory', status: '0 entries', blocks: [] });
  });

  it('names an entry without a name Unknown', () => {
    expect(sharedInventoryContent('fears', [{ id: 'f1', fear: '  ' }]).blocks[0]?.heading).toBe('Unknown');
  });
});

describe('reading a shared item in the sponsor’s browser', () => {
  it('accepts what the builders make', () => {
    const content = sharedInventoryContent('fears', []);
    expect(readSharedItemContent(content)).toEqual({ ok: true, content });
  });

  it.each([
    ['nothing', null],
    ['a string', 'Step 1'],
    ['no title', { title: '', blocks: [] }],
    ['a block of an unknown kind', { title: 'Step 1', blocks: [{ heading: 'x', html: '<b>' }] }],
    [
      'a field that is not text',
      { title: 'Step 1', blocks: [{ heading: 'x', fields: [{ label: 1, value: 2 }] }] },
    ],
  ])('refuses %s with a readable message', (_, value) => {
    expect(readSharedItemContent(value)).toEqual({ ok: false, message: SHARED_CONTENT_MESSAGES.unreadable });
  });
});

describe('shared circles', () => {
  it('shows each circle as a list, inner first, with the version', () => {
    const circles = {
      inner: [{ id: 'a', text: 'Viewing pornography' }],
      middle: [],
      outer: [{ id: 'b', text: 'Going to a meeting' }],
    };
    expect(sharedCirclesContent(circles, 3)).toEqual({
      title: 'My three circles',
      status: 'Version 3',
      blocks: [
        { heading: 'Inner circle', items: ['Viewing pornography'] },
        { heading: 'Middle circle', items: [] },
        { heading: 'Outer circle', items: ['Going to a meeting'] },
      ],
    });
    expect(readSharedItemContent(sharedCirclesContent(circles, null)).ok).toBe(true);
  });
});
