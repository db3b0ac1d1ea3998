import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import type { KeptAsideEntry } from './scanEarlierWriting.ts';
import { InventoryWritingView, StepWritingView } from './WritingView.tsx';

/** Read-only: the kept-aside writing as it was when it was set aside. */
export function ViewKeptAsideDialog({
  entry,
  title,
  onClose,
}: {
  entry: KeptAsideEntry;
  title: string;
  onClose: () => void;
}) {
  const { content } = entry;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      size="lg"
      scrollable
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {content === null ? (
        <p>SAM can open this writing, but it is not in a shape SAM knows how to show.</p>
      ) : content.kind === 'step' ? (
        <StepWritingView data={content.data} />
      ) : (
        <InventoryWritingView type={content.type} entries={content.entries} />
      )}
    </Modal>
  );
}
