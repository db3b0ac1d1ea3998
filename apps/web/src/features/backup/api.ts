import { type BackupRestoreBody, backupRestoreReplySchema, messageReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

/** The backup service: all-or-nothing restore and clear. The only place that builds its URLs. */
export const backupApi = {
  restore: (body: BackupRestoreBody) => http.post('/api/backup/restore', backupRestoreReplySchema, body),
  clear: () => http.post('/api/backup/clear', messageReplySchema),
};
