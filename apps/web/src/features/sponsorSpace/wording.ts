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
    `${name} has not opened your shared space yet. It opens once ${name} has signed in to SAM and compared the safety code with you.`,
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
  notesPaused: 'Notes wait until you have compared your safety code (above).',
  sharingPaused: (name: string) =>
    `Sharing waits until you have compared your safety code with ${name} (above). Nothing is sent to ${name} until then.`,
  myKeyRefused:
    'SAM’s server named a key for you that is not the one this browser holds, so this space was not opened and nothing was sent. If you made a new key on another device, reload this page. If you did not, someone may be trying to read your space: change your password and compare your safety code in person.',
  partnerKeyRefused: (name: string) =>
    `The key SAM’s server gave for ${name} is not a usable key, so nothing was shared with it. Please try again later.`,
  sealedByAnother: (name: string) =>
    `This space can’t be opened with ${name}’s current key. It opens again once ${name} has signed in to SAM and compared the safety code with you. If ${name} has not changed anything, someone else may have tried to slip in a key of their own.`,
  compareFirst: (name: string, role: 'sponsor' | 'sponsee') =>
    role === 'sponsee'
      ? `Compare this code with ${name} before you share anything. Meet in person or call, and read your codes to each other. When every digit is the same, only the two of you can read this space.`
      : `Compare this code with ${name} before you write notes. Meet in person or call, and read your codes to each other. When every digit is the same, only the two of you can read this space.`,
  changed: (name: string) =>
    `${name}’s key has changed since you accepted it. This happens when ${name} reset their password without a recovery code, but it could also mean someone else is in the way. Sharing is paused: compare the new code with ${name} before you go on.`,
  acceptedUnverified: (name: string) =>
    `Not verified: you chose to go on without comparing. If this key is not really ${name}’s, someone else could read what is shared here. Compare the code with ${name} when you can.`,
  verified: (name: string) => `Verified: you compared this code with ${name}.`,
  markVerified: 'We compared it: mark verified',
  goOnWithout: 'Go on without comparing',
  goOnTitle: 'Go on without comparing the code?',
  goOnText: (name: string) =>
    `Comparing the code is how you know this space is sealed to ${name} and no one else. Without it, someone who changed keys on SAM’s server could read what you share here. You can still compare later; the page will keep asking.`,
  goOnConfirm: 'Go on without comparing',
  goOnCancel: 'Compare first',
  keyUnopenable:
    'Your key for shared spaces can’t be opened in this browser. This happens after a password reset without your recovery code. If you didn’t reset your password, someone may have changed your key: change your password and sign out everywhere. Nothing is shared until you make a new key, and the people you share with will be asked to compare your safety code again.',
  newKeyTitle: 'Make a new key',
  newKeyHint: 'A signed-in device alone cannot change your key.',
  newKeyFailed: 'Could not make a new key. Please try again.',
  notFound: 'This space is not available. The relationship may have ended.',
} as const;
