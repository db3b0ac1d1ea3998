import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/index.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function BackupDialog({ open, onOpenChange }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Backup & Restore"
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <p>
        Here you will be able to save an encrypted copy of your SAA 12-step work to a file, restore it later,
        or clear your progress.
      </p>
    </Modal>
  );
}
