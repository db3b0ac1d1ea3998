import { answerOf, answersFor, isBlank } from '../steps/answers.ts';
import { formatDisplayDate } from '../steps/dates.ts';
import type { StepDefinition } from '../steps/definitions.ts';
import { STEP_MESSAGES } from '../steps/messages.ts';
import { DEFECT_QUESTIONS } from '../steps/questions.ts';
import type { StepPrivateData } from '../steps/schemas.ts';
import { type DocumentStepStatus, documentStepStatus, hasPrivateContent } from '../steps/status.ts';
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
const textBlock = (heading: string, text: string) =>
  `<h4>${escapeHtml(heading)}</h4><p class="text">${escapeHtml(text.trim())}</p>`;

function datesHtml(record: StepForShare['record']): string {
  const started = formatDisplayDate(record?.started_at);
  const completed = formatDisplayDate(record?.completed_at);
  if (!started && !completed) return '';
  const parts = [started ? `Started ${started}` : '', completed ? `Completed ${completed}` : ''];
  return `<p class="meta">${escapeHtml(parts.filter(Boolean).join(' · '))}</p>`;
}

function actionsHtml({ step, record }: StepForShare): string {
  const done = new Set((record?.actions ?? []).filter((a) => a.completed).map((a) => a.id));
  const items = step.actions
    .map((a) => `<li>${done.has(a.id) ? '✓ Done' : '○ Not yet'}: ${escapeHtml(a.label)}</li>`)
    .join('');
  return `<h4>Actions</h4><ul class="actions">${items}</ul>`;
}

function answersHtml({ step, data }: StepForShare): string {
  if (!step.questions) return '';
  const answers = answersFor(step.questions, data);
  const rows = step.questions.items.map((q) => field(q.prompt, answerOf(answers, q.id))).join('');
  return `<h4>Answers</h4><dl>${rows}</dl>`;
}

function privateHtml(data: StepPrivateData | null): string {
  if (!data) return '';
  const parts: string[] = [];
  if (!isBlank(data.step1_writing)) parts.push(textBlock('My Step One', data.step1_writing ?? ''));
  if (!isBlank(data.prayer_text)) parts.push(textBlock('My prayer', data.prayer_text ?? ''));
  if (data.action3_scheduled !== undefined || data.action3_place !== undefined) {
    parts.push(
      `<dl>${field(STEP_MESSAGES.step4ScheduledLabel, yesNo(data.action3_scheduled === true))}${field(
        STEP_MESSAGES.step4PlaceLabel,
        yesNo(data.action3_place === true),
      )}</dl>`,
    );
  }
  if (data.sharedWithSponsor !== undefined) {
    parts.push(
      `<dl>${field('I have shared my Step Four inventories with my sponsor', yesNo(data.sharedWithSponsor))}</dl>`,
    );
  }
  const defects = (data.characterDefects ?? []).filter((d) => !isBlank(d));
  if (defects.length > 0) {
    parts.push(
      `<h4>Character defects</h4><ul>${defects.map((d) => `<li>${escapeHtml(d.trim())}</li>`).join('')}</ul>`,
    );
  }
  for (const [defect, answer] of Object.entries(data.defectAnswers ?? {})) {
    const rows = DEFECT_QUESTIONS.map((q) => field(q.prompt, answer[q.key] ?? '')).join('');
    parts.push(`<h4>${escapeHtml(defect.trim())}</h4><dl>${rows}</dl>`);
  }
  if (!isBlank(data.notes)) parts.push(textBlock('Notes', data.notes ?? ''));
  return parts.join('');
}

function stepHtml(item: StepForShare): string {
  const { step, record, data } = item;
  const status = documentStepStatus(step, { completed: record?.completed, actions: record?.actions }, data);
  return [
    '<section class="step">',
    `<h2>${escapeHtml(`${step.title}: ${step.name}`)}</h2>`,
    `<p><span class="status ${STATUS_CLASS[status]}">${status}</span></p>`,
    datesHtml(record),
    `<p>${escapeHtml(step.statement)}</p>`,
    actionsHtml(item),
    answersHtml(item),
    privateHtml(data),
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
