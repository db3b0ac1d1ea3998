export type ExportMethod = 'share' | 'file-system' | 'download';

export type ExportCapabilities = { mobile: boolean; canShareFiles: boolean; canPickSaveFile: boolean };

/**
 * The export methods to try, in order: native share on a phone that
 * can share files, then the save-file picker, then a plain download; a failed method falls back to the next.
 */
export function exportMethods(can: ExportCapabilities): ExportMethod[] {
  const methods: ExportMethod[] = [];
  if (can.mobile && can.canShareFiles) methods.push('share');
  if (can.canPickSaveFile) methods.push('file-system');
  methods.push('download');
  return methods;
}

const MOBILE_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

/** Mobile detection: more than 2 touch points or a mobile user agent. */
export function isMobileDevice(maxTouchPoints: number, userAgent: string): boolean {
  return maxTouchPoints > 2 || MOBILE_AGENT.test(userAgent);
}
