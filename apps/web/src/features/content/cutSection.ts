/**
 * Content files (public/content/*.md) hold named sections:
 *
 *   <!-- about:start -->
 *   <!-- title: About SAM -->            optional; else the section's first heading is the title
 *   <!-- subtitle: A private workbook --> optional
 *   ...markdown...
 *   <!-- about:end -->
 *
 * Section names are letters, digits, '-', '_' and '.', e.g. step2-question-1-help.
 */
export type ContentSection = { title: string; subtitle: string | null; body: string };

export const CONTENT_TAGS_NOT_FOUND = 'Content tags not found';

export class ContentTagsNotFoundError extends Error {
  constructor(readonly tag: string) {
    super(CONTENT_TAGS_NOT_FOUND);
    this.name = 'ContentTagsNotFoundError';
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TITLE_TAG = /<!--\s*title:\s*(.*?)\s*-->\s*\n?/;
const SUBTITLE_TAG = /<!--\s*subtitle:\s*(.*?)\s*-->\s*\n?/;
const FIRST_HEADING = /^#{1,6}[ \t]+(.+?)[ \t#]*$\n?/m;

/** The section between `<!-- tag:start -->` and `<!-- tag:end -->`; throws when either is missing. */
export function cutSection(markdown: string, tag: string): ContentSection {
  const start = new RegExp(`<!--\\s*${escapeRegExp(tag)}:start\\s*-->`).exec(markdown);
  const end = new RegExp(`<!--\\s*${escapeRegExp(tag)}:end\\s*-->`).exec(markdown);
  if (!start || !end || end.index < start.index) throw new ContentTagsNotFoundError(tag);
  let body = markdown.slice(start.index + start[0].length, end.index);

  let title = '';
  const titleTag = TITLE_TAG.exec(body);
  if (titleTag) {
    title = titleTag[1] ?? '';
    body = body.replace(titleTag[0], '');
  } else {
    const heading = FIRST_HEADING.exec(body);
    if (heading) {
      title = heading[1] ?? '';
      body = body.replace(heading[0], '');
    }
  }

  let subtitle: string | null = null;
  const subtitleTag = SUBTITLE_TAG.exec(body);
  if (subtitleTag) {
    subtitle = subtitleTag[1] ?? null;
    body = body.replace(subtitleTag[0], '');
  }

  return { title, subtitle, body: body.trim() };
}
