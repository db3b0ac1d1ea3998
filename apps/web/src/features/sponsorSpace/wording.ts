import { formatDisplayDate } from '@sam/core';

/** What the sponsor space says, in one place. */
export const SPACE_WORDING = {
  panelTitle: 'Shared with my sponsor',
  /** The thread of the sponsee's middle-circle reach-outs, with the sponsor's replies. */
  reachOutTitle: 'Reaching out',
  panelIntro: (name: string) =>
    `Choose what ${name} can read. Everything is off until you turn it on. When you turn an item on, ${name} sees it as it is saved now, and each later save updates their copy. Turning it off removes their copy from SAM.`,
  cannotUnsee: (name: string) => `What ${name} has already read cannot be unseen.`,
  waitingForSponsor: (name: string) =>
    `Your shared space with ${name} opens the next time ${name} signs in to SAM. You can choose what to share then.`,
  waitingForSponsee: (name: string) =>
    `${name} has not opened your shared space yet. It opens the next time ${name} signs in to SAM.`,
  shared: (label: string) => `${label} is shared.`,
  stopped: (label: string) => `${label} is no longer shared.`,
  shareFailed: 'Could not change what is shared. Please try again.',
  previewSummary: 'What your sponsor will see',
  updated: (at: string) => `Updated ${formatDisplayDate(at)}`,
  reviewed: (name: string, at: string) => `Reviewed by ${name} on ${formatDisplayDate(at)}`,
  commentsHeading: 'Notes',
  noComments: 'No notes yet.',
  replyLabel: 'Write a note',
  send: 'Send note',
  sent: 'Note sent.',
  sendFailed: 'Your note could not be sent. It is still in the box; please try again.',
  noteOnItem: 'Note on this item',
  about: (item: string) => `About: ${item}`,
  aboutWholeItem: 'Write about the whole item',
  unreadableComment: 'This note could not be opened in this browser.',
  loadFailed: 'Could not load your shared space. Please try again later.',
  notFound: 'This space is not available. The relationship may have ended.',
} as const;
