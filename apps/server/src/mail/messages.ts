import type { MailMessage } from './mailer.ts';

const SIGN_OFF =
  '\n\nTake care,\nSAM\n\nYou are receiving this because this address was entered on SAM. If it was not you, you can ignore this message; nothing happens without the code.';

/** For a mail that carries no code: nothing in it can be used, and the account is as it was. */
const NOTICE_SIGN_OFF =
  '\n\nTake care,\nSAM\n\nYou are receiving this because this address was entered on SAM. If it was not you, you can ignore this message; your account has not changed.';

export function confirmationMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your SAM confirmation code: ${code}`,
    text: `Hello,\n\nWelcome to SAM. Your confirmation code is:\n\n    ${code}\n\nEnter it on the confirmation page to finish creating your account. The code works once and expires in 10 minutes.${SIGN_OFF}`,
  };
}

export function resetMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your SAM password reset code: ${code}`,
    text: `Hello,\n\nSomeone (hopefully you) asked to reset the password of your SAM account. Your reset code is:\n\n    ${code}\n\nIt works once and expires in 10 minutes. After you sign in with your new password, SAM will ask for your recovery code so you can read what you wrote before.${SIGN_OFF}`,
  };
}

export function alreadyRegisteredMail(to: string): MailMessage {
  return {
    to,
    subject: 'You already have a SAM account',
    text: `Hello,\n\nSomeone tried to create a SAM account with this e-mail address, but you already have one. You can simply sign in. If you forgot your password, use "Forgot password" on the sign-in screen.${NOTICE_SIGN_OFF}`,
  };
}

export function emailChangeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your SAM code to change your e-mail: ${code}`,
    text: `Hello,\n\nSomeone (hopefully you) asked to use this address for their SAM account. Your code is:\n\n    ${code}\n\nEnter it in your profile to finish the change. It works once and expires in 10 minutes.${SIGN_OFF}`,
  };
}

/** To an address that already has an account, when someone asks to move another account to it. */
export function emailTakenMail(to: string): MailMessage {
  return {
    to,
    subject: 'Someone asked to use this address on SAM',
    text: `Hello,\n\nSomeone asked to move a SAM account to this e-mail address, but this address already has a SAM account (yours). Nothing was changed.${NOTICE_SIGN_OFF}`,
  };
}

/** To the address an account used before, so a change nobody asked for does not go unnoticed. */
export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your SAM e-mail address was changed',
    text: `Hello,\n\nThe e-mail address of your SAM account was changed to ${newEmail}. From now on you sign in with that address; your password and everything you wrote stay the same.\n\nIf you did not do this, please contact the SAM team at once by replying to this message.\n\nTake care,\nSAM`,
  };
}

const INVITATION_SIGN_OFF =
  '\n\nTake care,\nSAM\n\nYou are receiving this because someone entered this address to invite you on SAM. If you do not know them, you can ignore this message or decline; nothing happens unless you accept.';

export type InvitationMailFields = {
  inviterName: string;
  inviteeName: string | null;
  /** The role the invitee is asked to take. */
  role: 'sponsor' | 'sponsee';
  program: string;
  link: string;
  expiresAt: number;
  resent?: boolean;
};

/** The invitation, with its single-use link; the inviter's e-mail is not in it. */
export function invitationMail(to: string, f: InvitationMailFields): MailMessage {
  const asked =
    f.role === 'sponsor'
      ? `asked you to be their sponsor in ${f.program}`
      : `offered to be your sponsor in ${f.program} (you would be their sponsee)`;
  const expires = new Date(f.expiresAt).toUTCString().replace(/ GMT$/, ' UTC');
  return {
    to,
    subject: f.resent ? 'Reminder: an invitation on SAM' : 'An invitation on SAM',
    text: `Hello ${f.inviteeName ?? 'there'},\n\n${f.inviterName} ${asked} on SAM, a private workbook for the twelve steps.\n\nOpen this link to accept or decline:\n\n    ${f.link}\n\nThe link works once and expires on ${expires}. To accept you sign in, or create a free account with this e-mail address.${INVITATION_SIGN_OFF}`,
  };
}
