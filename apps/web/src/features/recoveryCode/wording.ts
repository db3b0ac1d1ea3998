/** What the recovery code prompts say (decision 48): kind, plain, and never blaming. */
export const RECOVERY_CODE_WORDING = {
  cardTitle: 'Keep a way back to your writing',
  cardText:
    'If you ever forget your password, your recovery code is the only way back to what you have written. SAM has not heard yet that you saved yours. SAM cannot show it again, but you can make a new one in a moment.',
  make: 'Make a new recovery code',
  stillHave: 'I still have my code',

  makeTitle: 'Make a new recovery code',
  makeText:
    'Your writing stays as it is. Your current recovery code will stop working, and SAM will show you the new one once, to save somewhere safe.',
  makeConfirm: 'Please enter your password to confirm this.',
  password: 'Your password',
  makeSubmit: 'Make a new code',
  making: 'Making your new code...',
  makeFailed: 'SAM could not make a new recovery code just now. Please try again.',
  cancel: 'Cancel',

  checkTitle: 'Check your recovery code',
  checkText: 'Type the code you kept. SAM checks it here, in your browser: the code is never sent anywhere.',
  codeLabel: 'Your recovery code',
  codeHint: 'Letters and numbers in groups, like ABCD-EFGH-…',
  checkSubmit: 'Check my code',
  checking: 'Checking...',
  checkWrong:
    'That code does not open your writing. Check it and try again, or make a new recovery code instead.',
  checkFailed: 'SAM could not record this just now. Please try again.',
  checkWorks: 'Your recovery code works. Keep it where it is: SAM will not ask again.',
  done: 'Done',

  sectionTitle: 'Recovery code',
  sectionText:
    'If you ever forget your password, your recovery code is the only way back to your writing. SAM cannot show it again. If you have lost it, or think someone else has seen it, make a new one: the old one then stops working.',
  sectionSaved: 'You told SAM that you saved your recovery code.',
  sectionNotSaved: 'SAM has not heard yet that you saved your recovery code.',
} as const;
