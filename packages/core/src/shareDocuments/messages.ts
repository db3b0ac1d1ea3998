import { WORKBOOK_FELLOWSHIP } from '../fellowships.ts';
import type { ShareType } from '../schemas/share.ts';

export const SHARE_GROUP = WORKBOOK_FELLOWSHIP.initials;

/** The dropdown's options and each document's name. */
export const SHARE_OPTIONS: readonly { type: ShareType; label: string; name: string }[] = [
  {
    type: '12-step-status',
    label: '12-Step Status - your progress including all data entered except inventories',
    name: 'SAA 12-Step Status',
  },
  {
    type: 'step-four-inventories',
    label:
      'Step Four Inventories - your resentments, fears, and harms done inventories so far - use for Step Five',
    name: 'Step Four Inventories',
  },
  {
    type: 'three-circles',
    label:
      'My Three Circles - your inner, middle and outer circles as they are now, with your abstinence day count if you keep one',
    name: 'My Three Circles',
  },
];

/**
 * The heading a recipient sees: always the name of the document's type, never text the sender typed, so a
 * share link cannot become a page that looks like SAM saying something else.
 */
export function shareDocumentName(type: ShareType): string {
  return SHARE_OPTIONS.find((option) => option.type === type)?.name ?? 'Shared document';
}

export const SHARE_MESSAGES = {
  subtitle: 'Create sharable documents that you can send to your sponsor and others.',
  placeholder: 'Select something to share',
  nothingInSteps:
    "There is nothing yet to report. Please come back when you have started working SAA's 12 steps.",
  nothingInInventories:
    'There is nothing in your inventories yet. Please come back when you have started working on your Step Four inventories.',
  nothingInCircles:
    'There is nothing in your three circles yet. Please come back when you have written your circles.',
  created: (name: string) => `Document "${name}" created successfully!`,
  deleted: 'Document deleted successfully.',
  deleteFailed: 'Error deleting document.',
  confirmDelete: (name: string) => `Are you sure you want to delete "${name}"?`,
  loading: 'Loading documents...',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  copyByHand:
    "Your browser did not let SAM copy the link. It is selected below: copy it with your device's Copy command.",
  linkLabel: (name: string) => `Link to ${name}`,
  empty: 'No documents available',
  helpTitle: 'How Sharing Works',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A document's generation_date (server UTC without a zone) as 'DD-Mon-YYYY, hh:mm AM/PM ZZZ' in `timeZone`
 * the text as given when it is not a date.
 */
export function formatShareCreated(generationDate: string, timeZone?: string): string {
  const utc = /[zZ]|[+-]\d{2}:?\d{2}$/.test(generationDate) ? generationDate : `${generationDate}Z`;
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) return generationDate;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const month = MONTHS[Number(parts.month) - 1];
  return `${parts.day}-${month}-${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod} ${parts.timeZoneName}`;
}
