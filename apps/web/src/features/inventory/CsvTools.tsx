import {
  CSV_MESSAGES,
  CSV_SUCCESS_CLEAR_MS,
  csvFailureClearMs,
  csvFileProblem,
  exportInventoryCsv,
  type ImportMode,
  INVENTORY_LABELS,
  type InventoryCsvPreview,
  inventoryAfterImport,
  inventoryCsvFileName,
  readInventoryCsv,
} from '@sam/core';
import { useRef, useState } from 'react';
import { errorMessage } from '../../app/http.ts';
import { Button } from '../../ui/Button.tsx';
import { useEarlierVersions, type WholeInventoryToolProps } from './earlierVersions.ts';
import { newEntryId } from './entryId.ts';
import { HelpButton } from './HelpButton.tsx';
import { ImportPreviewDialog } from './ImportPreviewDialog.tsx';
import styles from './inventory.module.css';
import { setUndoOffer } from './undoOffer.ts';

export type CsvToolsProps = WholeInventoryToolProps;

async function fileBytes(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.arrayBuffer());
  } catch {
    // Unreadable (moved or removed since it was chosen): read as an empty file, which is refused.
    return new Uint8Array();
  }
}

/**
 * Download (CSV) and Upload (CSV) of one inventory. The file is made and read in this browser only; an
 * upload is previewed first, and the inventory as it was is kept as an earlier version before it changes.
 */
export function CsvTools({ type, entries, completed, disabled, apply, notify }: CsvToolsProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const versions = useEarlierVersions(type);
  const [preview, setPreview] = useState<InventoryCsvPreview | null>(null);
  const [busy, setBusy] = useState<ImportMode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const label = INVENTORY_LABELS[type];

  const onDownload = () => {
    const csv = `\uFEFF${exportInventoryCsv(type, entries)}`;
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = inventoryCsvFileName(type, new Date());
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const onFile = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // A wrong name or a huge file is refused before its bytes are read.
    const problem = csvFileProblem(file.name, file.size);
    const result = problem
      ? { ok: false as const, message: problem }
      : readInventoryCsv(type, file.name, await fileBytes(file), newEntryId);
    if (!result.ok) {
      notify('danger', result.message, csvFailureClearMs(result.message));
      return;
    }
    setError(null);
    setPreview(result.preview);
  };

  const onChoose = async (mode: ImportMode) => {
    if (!preview) return;
    const current = { entries: [...entries], completed };
    const next = inventoryAfterImport(type, current, preview.entries, mode);
    if (!next.ok) {
      setError(next.message);
      return;
    }
    setBusy(mode);
    setError(null);
    try {
      const keptVersion = await versions.keep(current);
      await apply(next.state);
      setUndoOffer(type, { keptVersion, entries: next.state.entries });
      setPreview(null);
      notify('success', CSV_MESSAGES.imported(preview.rowCount), CSV_SUCCESS_CLEAR_MS);
    } catch (e) {
      console.warn('Import failed', e);
      setError(CSV_MESSAGES.failed(errorMessage(e, e instanceof Error ? e.message : String(e))));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button variant="secondary" size="sm" onClick={onDownload} disabled={entries.length === 0}>
        Download (CSV)
      </Button>
      <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={disabled}>
        Upload (CSV)
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,text/csv"
        className={styles.fileInput}
        aria-label={`Upload a CSV file for your ${label} inventory`}
        tabIndex={-1}
        onChange={(e) => void onFile(e)}
      />
      <HelpButton tag="csv-help" label="Download and upload" />
      {preview ? (
        <ImportPreviewDialog
          type={type}
          preview={preview}
          currentCount={entries.length}
          busy={busy}
          error={error}
          onChoose={(mode) => void onChoose(mode)}
          onCancel={() => setPreview(null)}
        />
      ) : null}
    </>
  );
}
