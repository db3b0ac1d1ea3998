import { useCallback } from 'react';
import { useDialogs } from '../../ui/dialogs/index.ts';
import { ContentBody, ContentTitle } from './ContentBody.tsx';

/** Opens a help dialog with one section of a content file, e.g. showHelp('Step_2_Guide', 'step2-question-1-help'). */
export function useContentHelp() {
  const dialogs = useDialogs();
  return useCallback(
    (
      file: string,
      tag: string,
      options: { errorText?: string; maxWidth?: string; maxHeight?: string } = {},
    ) =>
      dialogs.help({
        title: <ContentTitle file={file} tag={tag} />,
        content: <ContentBody file={file} tag={tag} errorText={options.errorText} />,
        maxWidth: options.maxWidth,
        maxHeight: options.maxHeight,
      }),
    [dialogs],
  );
}
