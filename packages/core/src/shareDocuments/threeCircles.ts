import { dayCount } from '../abstinence/milestones.ts';
import { type AbstinenceRecord, abstinentDays, currentPeriod } from '../abstinence/periods.ts';
import type { CalendarDay } from '../calendarDays.ts';
import {
  CIRCLE_LABELS,
  CIRCLE_MEANINGS,
  CIRCLES,
  type CircleName,
  circlesAreEmpty,
  type ThreeCircles,
} from '../circles/circles.ts';
import { formatDisplayDate } from '../steps/dates.ts';
import type { ContentField } from './contentBlocks.ts';
import { documentHeader, escapeHtml, field, htmlPage } from './html.ts';

export const THREE_CIRCLES_DOCUMENT_TITLE = 'My Three Circles';

/** What the browser gathers for the document once decrypted: the newest circles and the abstinence record. */
export type ThreeCirclesForShare = {
  /** The newest version's circles, or null before the first save. */
  circles: ThreeCircles | null;
  abstinence: AbstinenceRecord | null;
};

/** One circle as the document shows it: its name, what it holds and its items in the person's order. */
export type CircleShareContent = { circle: CircleName; heading: string; meaning: string; items: string[] };

/** What there is to show: the day count (only while one is running), then the circles, inner first. */
export function threeCirclesContent(
  input: ThreeCirclesForShare,
  today: CalendarDay,
): { abstinence: ContentField[]; circles: CircleShareContent[] } {
  const running = input.abstinence ? currentPeriod(input.abstinence) : null;
  const days = input.abstinence ? abstinentDays(input.abstinence, today) : null;
  return {
    abstinence:
      running && days !== null
        ? [
            { label: 'Abstinent for', value: dayCount(days) },
            { label: 'Counting since', value: formatDisplayDate(running.start) },
          ]
        : [],
    circles: CIRCLES.map((circle) => ({
      circle,
      heading: CIRCLE_LABELS[circle],
      meaning: CIRCLE_MEANINGS[circle],
      items: (input.circles?.[circle] ?? []).map((item) => item.text.trim()).filter(Boolean),
    })),
  };
}

function circleHtml(content: CircleShareContent): string {
  const list = content.items.length
    ? `<ul>${content.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`
    : '<p class="empty">Nothing in this circle yet.</p>';
  return [
    `<section class="step"><h2>${escapeHtml(content.heading)}</h2>`,
    `<p class="meta">${escapeHtml(content.meaning)}</p>`,
    list,
    '</section>',
  ].join('');
}

/**
 * The 'My Three Circles' share document: a header with the owner and the day it was made, the current
 * abstinence day count when one is running, then the inner, middle and outer circles with their items.
 * Every user text is escaped.
 */
export function threeCirclesDocument(
  input: ThreeCirclesForShare & {
    owner: string | null | undefined;
    /** The person's today (YYYY-MM-DD): the day the document is made, and the day the count runs to. */
    date: CalendarDay;
  },
): string {
  const content = threeCirclesContent(input, input.date);
  const header = documentHeader(THREE_CIRCLES_DOCUMENT_TITLE, input.owner, formatDisplayDate(input.date));
  const count = content.abstinence.length
    ? `<section><dl>${content.abstinence.map((f) => field(f.label, f.value)).join('')}</dl></section>`
    : '';
  return htmlPage(THREE_CIRCLES_DOCUMENT_TITLE, header + count + content.circles.map(circleHtml).join(''));
}

/** The circles document needs at least one item in a circle. */
export function hasThreeCirclesToShare(circles: ThreeCircles | null): boolean {
  return circles !== null && !circlesAreEmpty(circles);
}
