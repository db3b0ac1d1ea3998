import { type ExportMethod, exportMethods, isMobileDevice } from '@sam/core';

type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable(): Promise<{ write(data: Blob): Promise<void>; close(): Promise<void> }> }>;

/** The user closed the share sheet or the save picker: not a failure, and no fallback. */
export class ExportCancelled extends Error {
  constructor() {
    super('File selection cancelled');
    this.name = 'ExportCancelled';
  }
}

const picker = () => (window as unknown as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;

const probeFile = () => new File(['{}'], 'backup.json', { type: 'application/json' });

/** Whether this device can share a file through the system share sheet. */
export function canShareFiles(): boolean {
  return typeof navigator.share === 'function' && navigator.canShare?.({ files: [probeFile()] }) === true;
}

export function isMobile(): boolean {
  return isMobileDevice(navigator.maxTouchPoints ?? 0, navigator.userAgent);
}

/** The 'Backup & Share' button shows only on a phone that can share files. */
export function sharesOnThisDevice(): boolean {
  return isMobile() && canShareFiles();
}

async function run(method: ExportMethod, name: string, blob: Blob): Promise<void> {
  if (method === 'share') {
    await navigator.share({ files: [new File([blob], name, { type: 'application/json' })], title: name });
    return;
  }
  if (method === 'file-system') {
    const showPicker = picker() as SaveFilePicker;
    const handle = await showPicker({
      suggestedName: name,
      types: [{ description: 'SAM backup', accept: { 'application/json': ['.json'] } }],
    });
    const writable = await handle.createWritable();
    await writable.write(blob);
    await writable.close();
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves the file by the first method that works: sharing on a phone that can share files, then the
 * save-file picker, then a plain download (exportMethods).
 */
export async function exportFile(name: string, text: string): Promise<ExportMethod> {
  const blob = new Blob([text], { type: 'application/json' });
  const methods = exportMethods({
    mobile: isMobile(),
    canShareFiles: canShareFiles(),
    canPickSaveFile: typeof picker() === 'function',
  });
  let lastError: unknown = null;
  for (const method of methods) {
    try {
      await run(method, name, blob);
      return method;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw new ExportCancelled();
      console.warn(`Export by ${method} failed; trying the next way`, error);
      lastError = error;
    }
  }
  throw lastError instanceof Error ? lastError : new Error('Export failed');
}
