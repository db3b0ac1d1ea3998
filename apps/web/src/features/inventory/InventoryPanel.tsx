import { completedCheckboxDisabled, type InventoryState, type InventoryType } from '@sam/core';
import { CheckboxField } from '../../ui/CheckboxField.tsx';
import { Message } from '../../ui/Message.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { DraftRestoredNote, SaveStatus } from '../drafts/index.ts';
import { LockedWritingPanel } from '../recovery/index.ts';
import { EarlierVersions } from './EarlierVersions.tsx';
import { HelpButton } from './HelpButton.tsx';
import { InventoryRows } from './InventoryRows.tsx';
import { InventoryToolbar } from './InventoryToolbar.tsx';
import styles from './inventory.module.css';
import { QuickAdd } from './QuickAdd.tsx';
import { useInventory } from './useInventory.ts';
import { useInventoryEditor } from './useInventoryEditor.ts';

/** One tab: loads and decrypts the inventory, then shows the editor. */
export function InventoryPanel({ type }: { type: InventoryType }) {
  const load = useInventory(type);
  if (load.status === 'loading') return <Spinner message="Loading your inventory..." />;
  if (load.status === 'error') return <Message tone="danger">{load.message}</Message>;
  if (load.status === 'decrypt-error') return <LockedWritingPanel item={{ kind: 'inventory', type }} />;
  return <InventoryEditor type={type} initial={load.state} />;
}

function InventoryEditor({ type, initial }: { type: InventoryType; initial: InventoryState }) {
  const editor = useInventoryEditor(type, initial);
  const { state, notice, warning } = editor;
  return (
    <div className={styles.panel}>
      {editor.draftRestored ? (
        <DraftRestoredNote
          hint="Changes to this inventory that were not saved are back. They are saved with your next change."
          onDiscard={editor.discardRestored}
        />
      ) : null}
      <InventoryToolbar tools={editor.wholeInventoryTools} onStartOver={editor.onStartOver} />
      {notice ? <Message tone={notice.tone}>{notice.text}</Message> : null}
      <EarlierVersions {...editor.wholeInventoryTools} />
      <div className={styles.completedRow}>
        <CheckboxField
          label="Completed"
          checked={state.completed}
          disabled={completedCheckboxDisabled(state)}
          onCheckedChange={(v) => void editor.onCompleted(v)}
        />
        <HelpButton tag="completed-help" label="Completed" />
      </div>
      {warning ? <Message tone="warning">{warning}</Message> : null}
      <QuickAdd type={type} onAdd={editor.onQuickAdd}>
        <SaveStatus state={editor.saveState} onRetry={editor.retrySave} />
      </QuickAdd>
      <InventoryRows
        type={type}
        entries={state.entries}
        editingId={editor.editingId}
        focusRowId={editor.focusRowId}
        onEdit={editor.onEdit}
        onDelete={editor.onDelete}
        onSave={editor.onSaveEntry}
        onClosed={editor.onEntryClosed}
      />
    </div>
  );
}
