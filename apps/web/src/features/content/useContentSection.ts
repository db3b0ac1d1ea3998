import { queryClient, useServerQuery } from '../../app/serverState.tsx';
import { fetchContentFile } from './api.ts';
import { type ContentSection, ContentTagsNotFoundError, cutSection } from './cutSection.ts';

export type LoadedSection = ContentSection & { html: string };

export type ContentState =
  | { status: 'loading' }
  | { status: 'error'; missingTags: boolean }
  | { status: 'ready'; section: LoadedSection };

type Cut = { missingTags: true } | { missingTags: false; section: LoadedSection };

/**
 * A section of a content file, cut by its tags and rendered. Each file is fetched once per session, and
 * the markdown renderer (marked + DOMPurify) loads only when some content is first shown.
 */
export function useContentSection(file: string, tag: string): ContentState {
  const query = useServerQuery({
    queryKey: ['content', file, tag],
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    queryFn: async (): Promise<Cut> => {
      const [text, { renderMarkdown }] = await Promise.all([
        queryClient.fetchQuery({
          queryKey: ['content-file', file],
          queryFn: () => fetchContentFile(file),
          staleTime: Number.POSITIVE_INFINITY,
        }),
        import('./renderMarkdown.ts'),
      ]);
      try {
        const section = cutSection(text, tag);
        return { missingTags: false, section: { ...section, html: renderMarkdown(section.body) } };
      } catch (error) {
        if (error instanceof ContentTagsNotFoundError) return { missingTags: true };
        throw error;
      }
    },
  });
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'error', missingTags: false };
  if (query.data.missingTags) return { status: 'error', missingTags: true };
  return { status: 'ready', section: query.data.section };
}
