import { type BackupRestoreBody, backupRestoreReplySchema, messageReplySchema } from '@sam/core';
import { http } from '../../app/http.ts';

/** The backup service: all-or-nothing restore and clear. The only place that builds its URLs. */
export const backupApi = {
  restore: (body: BackupRestoreBody) => http.post('/api/backup/restore', backupRestoreReplySchema, body),
  /** `password`: the auth value derived from the password typed again (decision 10). */
  clear: (password: string) => http.post('/api/backup/clear', messageReplySchema, { password }),
};
