import {
  abstinenceReplySchema,
  type BackupRestoreBody,
  backupRestoreReplySchema,
  checkInsReplySchema,
  circlesReplySchema,
  messageReplySchema,
} from '@sam/core';
import { http } from '../../app/http.ts';

/** The backup service: all-or-nothing restore and clear. The only place that builds its URLs. */
export const backupApi = {
  restore: (body: BackupRestoreBody) => http.post('/api/backup/restore', backupRestoreReplySchema, body),
  clear: () => http.post('/api/backup/clear', messageReplySchema),
};

/**
 * What a backup reads of the circles, the abstinence dates and the check-ins: everything, as ciphertext,
 * from the same routes their pages read.
 */
export const recoveryToolsApi = {
  circles: async () => (await http.get('/api/circles', circlesReplySchema)).versions,
  abstinence: async () => (await http.get('/api/abstinence', abstinenceReplySchema)).abstinence,
  checkIns: async () => (await http.get('/api/check-ins', checkInsReplySchema)).checkIns,
};
