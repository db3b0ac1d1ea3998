import { BACKUP_MESSAGES } from '@sam/core';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';

/** Shown instead of the Backup dialog when there is nothing to back up. */
export function NoDataDialog({ onOk, onClose }: { onOk(): void; onClose(): void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="No Data to Backup"
      size="sm"
      footer={<Button onClick={onOk}>OK</Button>}
    >
      <p>{BACKUP_MESSAGES.noData}</p>
    </Modal>
  );
}
