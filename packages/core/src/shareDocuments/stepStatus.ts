import { answerOf, answersFor, isBlank } from '../steps/answers.ts';
import { formatDisplayDate } from '../steps/dates.ts';
import type { StepDefinition } from '../steps/definitions.ts';
import { STEP_MESSAGES } from '../steps/messages.ts';
import { DEFECT_QUESTIONS } from '../steps/questions.ts';
import type { StepPrivateData } from '../steps/schemas.ts';
import { type DocumentStepStatus, documentStepStatus, hasPrivateContent } from '../steps/status.ts';
import type { ContentBlock } from './contentBlocks.ts';
import { documentHeader, escapeHtml, field, htmlPage } from './html.ts';

export const STEP_STATUS_DOCUMENT_TITLE = 'SAA 12-Step Status';

/** What the browser knows of one step once its private part is decrypted. */
export type StepForShare = {
  step: StepDefinition;
  /** null when the step was never saved or could not be loaded. */
  record: {
    completed?: boolean | null;
    actions?: readonly { id: number; completed: boolean }[] | null;
    started_at?: string | null;
    completed_at?: string | null;
  } | null;
  data: StepPrivateData | null;
};

const STATUS_CLASS: Record<DocumentStepStatus, string> = {
  'To Do': 'todo',
  'In Progress': 'progress',
  Completed: 'completed',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A step as both its share document and a sponsor's copy show it. */
export type StepShareContent = {
  /** 'Step 1: Honesty'. */
  title: string;
  status: DocumentStepStatus;
  /** 'Started 02-Jan-2026 · Completed 03-Feb-2026', or '' before either. */
  dates: string;
  statement: string;
  actions: { label: string; done: boolean }[];
  /** The answers, then the private writing, each block only when there is something to show. */
  blocks: ContentBlock[];
};

function datesText(record: StepForShare['record']): string {
  const started = formatDisplayDate(record?.started_at);
  const completed = formatDisplayDate(record?.completed_at);
  return [started ? `Started ${started}` : '', completed ? `Completed ${completed}` : '']
    .filter(Boolean)
    .join(' · ');
}

function answerBlocks({ step, data }: StepForShare): ContentBlock[] {
  if (!step.questions) return [];
  const answers = answersFor(step.questions, data);
  return [
    {
      heading: 'Answers',
      fields: step.questions.items.map((q) => ({ label: q.prompt, value: answerOf(answers, q.id).trim() })),
    },
  ];
}

function privateBlocks(data: StepPrivateData | null): ContentBlock[] {
  if (!data) return [];
  const blocks: ContentBlock[] = [];
  if (!isBlank(data.step1_writing))
    blocks.push({ heading: 'My Step One', text: data.step1_writing?.trim() ?? '' });
  if (!isBlank(data.prayer_text)) blocks.push({ heading: 'My prayer', text: data.prayer_text?.trim() ?? '' });
  if (data.action3_scheduled !== undefined || data.action3_place !== undefined) {
    blocks.push({
      heading: '',
      fields: [
        { label: STEP_MESSAGES.step4ScheduledLabel, value: yesNo(data.action3_scheduled === true) },
        { label: STEP_MESSAGES.step4PlaceLabel, value: yesNo(data.action3_place === true) },
      ],
    });
  }
  if (data.sharedWithSponsor !== undefined) {
    blocks.push({
      heading: '',
      fields: [
        {
          label: 'I have shared my Step Four inventories with my sponsor',
          value: yesNo(data.sharedWithSponsor),
        },
      ],
    });
  }
  const defects = (data.characterDefects ?? []).filter((d) => !isBlank(d)).map((d) => d.trim());
  if (defects.length > 0) blocks.push({ heading: 'Character defects', items: defects });
  for (const [defect, answer] of Object.entries(data.defectAnswers ?? {})) {
    blocks.push({
      heading: defect.trim(),
      fields: DEFECT_QUESTIONS.map((q) => ({ label: q.prompt, value: (answer[q.key] ?? '').trim() })),
    });
  }
  if (!isBlank(data.notes)) blocks.push({ heading: 'Notes', text: data.notes?.trim() ?? '' });
  return blocks;
}

/** What there is to show of one step: its status, dates, actions, answers and private writing. */
export function stepContent(item: StepForShare): StepShareContent {
  const { step, record, data } = item;
  const done = new Set((record?.actions ?? []).filter((a) => a.completed).map((a) => a.id));
  return {
    title: `${step.title}: ${step.name}`,
    status: documentStepStatus(step, { completed: record?.completed, actions: record?.actions }, data),
    dates: datesText(record),
    statement: step.statement,
    actions: step.actions.map((a) => ({ label: a.label, done: done.has(a.id) })),
    blocks: [...answerBlocks(item), ...privateBlocks(data)],
  };
}

function blockHtml(block: ContentBlock): string {
  const heading = block.heading ? `<h4>${escapeHtml(block.heading)}</h4>` : '';
  if ('text' in block) return `${heading}<p class="text">${escapeHtml(block.text)}</p>`;
  if ('items' in block)
    return `${heading}<ul>${block.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`;
  return `${heading}<dl>${block.fields.map((f) => field(f.label, f.value)).join('')}</dl>`;
}

function stepHtml(item: StepForShare): string {
  const content = stepContent(item);
  const actions = content.actions
    .map((a) => `<li>${a.done ? '✓ Done' : '○ Not yet'}: ${escapeHtml(a.label)}</li>`)
    .join('');
  return [
    '<section class="step">',
    `<h2>${escapeHtml(content.title)}</h2>`,
    `<p><span class="status ${STATUS_CLASS[content.status]}">${content.status}</span></p>`,
    content.dates ? `<p class="meta">${escapeHtml(content.dates)}</p>` : '',
    `<p>${escapeHtml(content.statement)}</p>`,
    `<h4>Actions</h4><ul class="actions">${actions}</ul>`,
    content.blocks.map(blockHtml).join(''),
    '</section>',
  ].join('');
}

/**
 * The 'SAA 12-Step Status' share document: each step as To Do, In Progress or Completed, with its dates,
 * actions, Step One writing, answers, prayer, defects and notes. Inventories are not part of it.
 */
export function stepStatusDocument(input: {
  owner: string | null | undefined;
  date: string | Date;
  steps: readonly StepForShare[];
}): string {
  const header = documentHeader(STEP_STATUS_DOCUMENT_TITLE, input.owner, formatDisplayDate(input.date));
  return htmlPage(STEP_STATUS_DOCUMENT_TITLE, header + input.steps.map(stepHtml).join(''));
}

/** The status document needs a step that is completed or has something in it. */
export function hasStepStatusToShare(steps: readonly Pick<StepForShare, 'record' | 'data'>[]): boolean {
  return steps.some(
    ({ record, data }) =>
      record?.completed === true ||
      (record?.actions ?? []).some((a) => a.completed) ||
      hasPrivateContent(data),
  );
}
