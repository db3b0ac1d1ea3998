import type { BackupRestoreBody, BackupRestoreReply, MessageReply } from '@sam/core';
import { http } from '../../app/http.ts';

/** The backup service: all-or-nothing restore and clear. The only place that builds its URLs. */
export const backupApi = {
  restore: (body: BackupRestoreBody) => http.post<BackupRestoreReply>('/api/backup/restore', body),
  clear: () => http.post<MessageReply>('/api/backup/clear'),
};
