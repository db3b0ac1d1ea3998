import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/index.ts';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The page the member was on, sent with the feedback as its location in the app. */
  location: string;
};

export function FeedbackDialog({ open, onOpenChange, location }: Props) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Feedback"
      footer={<Button onClick={() => onOpenChange(false)}>Close</Button>}
    >
      <p>
        Soon you will be able to send us a note from here about the page you are on ({location}): what helps,
        what gets in the way, or an idea. Thank you for wanting to make SAM better.
      </p>
    </Modal>
  );
}
