/** The user-facing texts of backup, restore and clear. */
export const BACKUP_MESSAGES = {
  filenameRequired: 'Please enter a filename',
  noFile: 'No file selected',
  missingMetadata: 'Invalid backup file: Missing metadata',
  decryptFailed: 'Failed to decrypt backup data. This file may be corrupted or from a different user.',
  invalidFormat: 'Invalid backup file format',
  partialDecrypt:
    'Some of your data could not be decrypted. This might be due to a key change. You can still export what data is available, or try clearing and starting fresh.',
  exportFailed: 'Export failed',
  checkFailed: 'Unable to check current data. Please try again.',
  backupFailed: (reason: string) => `Backup failed: ${reason}`,
  backupDone: 'Backup completed successfully',
  backupDoneCleared: 'Backup completed and data in application cleared',
  backupClearFailed: (reason: string) => `Backup completed, but failed to clear data: ${reason}`,
  tooLargeToMake: (size: string, limit: string) =>
    `This backup would be ${size} MB, more than the ${limit} MB SAM can restore, so no file was made and nothing was cleared. Please tell us through Feedback.`,
  tooLargeToRestore: (size: string, limit: string) =>
    `This backup is ${size} MB, more than the ${limit} MB SAM can restore.`,
  restoreFailed: 'Restore failed',
  restoreDone: 'Your progress was restored. The page will now reload.',
  clearCurrentFailed: 'Failed to clear current data',
  clearFailed: 'Clear failed',
  clearDone: 'All data cleared.',
  sharedCopiesNotUpdated:
    'Your sponsor’s copies of what you share could not be updated just now. Turning an item’s sharing off and on again in Shared with my sponsor updates it.',
  clearConfirmRequired: 'Please type "clear" to confirm',
  passwordRequired: 'Please enter your password to confirm.',
  restoreReplacesNewer: 'A restore replaces this newer writing.',
  restoreKeepsAside:
    'What a restore replaces is kept under Earlier writing in Profile, where you can put it back.',
  passwordHint: 'A signed-in device alone cannot clear your writing.',
  clearExplained:
    'This removes your answers and actions for steps 1 to 12, empties your three inventories, and deletes your three circles with their history, your abstinence dates and your check-ins.',
  clearKeepsAside: 'SAM keeps what this removes under Earlier writing in Profile, where you can put it back.',
  /** A clear or a restore keeps a copy of what it replaces among the earlier writing, which has a cap. */
  keptAsideFull: (needed: number, room: number) =>
    `SAM keeps a copy of what this replaces under Earlier writing, in Profile. It needs room for ${needed}, and there is room for ${room}. Please delete earlier writing you no longer need there, then try again.`,
  fileSelectionFailed: 'File selection cancelled or failed',
  fileSelectionCancelled: 'File selection cancelled',
  overwriteRequired:
    'Please check "Overwrite existing progress" to continue, or clear your current data first',
  noData: 'You have no progress, inventory entries, circles, abstinence dates or check-ins to back up yet.',
  moreProgramsSoon: 'More programs coming soon',
  programTrackLabel: 'SAA - 12 Steps',
} as const;

/** Clear dialog timers: close after 1.5 s, reload about 1 s later. */
export const CLEAR_CLOSE_DELAY_MS = 1500;
export const CLEAR_RELOAD_DELAY_MS = 1000;
/** How long a restore or a clear waits before the page reloads when it has a note to read first. */
export const NOTE_READING_DELAY_MS = 8000;
