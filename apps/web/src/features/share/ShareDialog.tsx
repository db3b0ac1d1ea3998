import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/index.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function ShareDialog({ open, onOpenChange }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Share"
      description="Create sharable documents that you can send to your sponsor and others."
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <p>
        You will pick what to share, and SAM will make a read-only document that is encrypted before it leaves
        your device and deleted after 7 days.
      </p>
    </Modal>
  );
}
