import { ContentDialog } from '../content/index.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

export function PrivacyDialog({ open, onOpenChange }: Props) {
  return <ContentDialog open={open} onOpenChange={onOpenChange} file="privacy" tag="privacy" />;
}
