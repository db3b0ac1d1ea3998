import { useState } from 'react';
import { Modal } from '../../ui/dialogs/Modal.tsx';
import { RequireDataKey, useDataCipher } from '../auth/index.ts';
import { BackupFileDialog } from './BackupFileDialog.tsx';
import { BackupMenu } from './BackupMenu.tsx';
import { ClearDialog } from './ClearDialog.tsx';
import { NoDataDialog } from './NoDataDialog.tsx';
import { RestoreDialog } from './RestoreDialog.tsx';
import { useCurrentData } from './useCurrentData.ts';

type Props = { open: boolean; onOpenChange: (open: boolean) => void };
type View = 'menu' | 'backup' | 'no-data' | 'restore' | 'clear';

/** Backup & Restore from the menu: the menu dialog, and the dialog of whichever action was chosen. */
export function BackupDialog({ open, onOpenChange }: Props) {
  const [view, setView] = useState<View>('menu');
  const { cipher } = useDataCipher();
  const current = useCurrentData(open && view === 'menu');
  const close = () => onOpenChange(false);
  const back = () => setView('menu');
  const data = current.data;

  if (open && cipher && data && view !== 'menu') {
    if (view === 'no-data') return <NoDataDialog onOk={back} onClose={close} />;
    if (view === 'backup') {
      return (
        <BackupFileDialog
          cipher={cipher}
          payload={data.payload}
          partial={data.partial}
          onCancel={back}
          onClose={close}
        />
      );
    }
    if (view === 'restore')
      return <RestoreDialog cipher={cipher} current={data} onCancel={back} onClose={close} />;
    return <ClearDialog onCancel={back} onClose={close} />;
  }
  const status = current.isError ? 'error' : data && !current.isFetching ? 'ready' : 'loading';
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Backup & Restore">
      <RequireDataKey>
        <BackupMenu
          status={status}
          hasData={data?.hasData ?? false}
          onRetry={() => void current.refetch()}
          onBackup={() => setView(data?.hasData ? 'backup' : 'no-data')}
          onRestore={() => setView('restore')}
          onClear={() => setView('clear')}
        />
      </RequireDataKey>
    </Modal>
  );
}
