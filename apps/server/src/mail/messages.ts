import type { MailMessage } from './mailer.ts';

const SIGN_OFF =
  '\n\nTake care,\nSAM\n\nYou are receiving this because this address was entered on SAM. If it was not you, you can ignore this message; nothing happens without the code.';

export function confirmationMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: `Your SAM confirmation code: ${code}`,
    text: `Hello ${name},\n\nWelcome to SAM. Your confirmation code is:\n\n    ${code}\n\nEnter it on the confirmation page to finish creating your account. The code works once and expires in 10 minutes.${SIGN_OFF}`,
  };
}

export function resetMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: `Your SAM password reset code: ${code}`,
    text: `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your SAM account. Your reset code is:\n\n    ${code}\n\nIt works once and expires in 10 minutes. After you sign in with your new password, SAM will ask for your recovery code so you can read what you wrote before.${SIGN_OFF}`,
  };
}

export function alreadyRegisteredMail(to: string, name: string): MailMessage {
  return {
    to,
    subject: 'You already have a SAM account',
    text: `Hello ${name},\n\nSomeone tried to create a SAM account with this e-mail address, but you already have one. You can simply sign in. If you forgot your password, use "Forgot password" on the sign-in screen.${SIGN_OFF}`,
  };
}
