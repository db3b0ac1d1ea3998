import { PERSON_NAME_PATTERN } from '../constants.ts';

/** The last line of every shared document's header. */
export const SHARE_DOCUMENT_MADE_WITH = 'Made with SAM';

/** Escapes text for HTML content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Shared look of both documents: plain, readable on a phone, and clean on paper. */
const DOCUMENT_STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; padding: 16px; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
    font-size: 16px; line-height: 1.5; color: #1d2525; background: #ffffff; overflow-wrap: anywhere; }
  main { max-width: 46rem; margin: 0 auto; }
  header { border-bottom: 2px solid #2b6967; margin-bottom: 20px; padding-bottom: 8px; }
  h1 { font-size: 1.6rem; margin: 0 0 4px; color: #1f4f4d; }
  h2 { font-size: 1.25rem; margin: 28px 0 8px; color: #1f4f4d; border-bottom: 1px solid #c9d6d5; padding-bottom: 4px; }
  h3 { font-size: 1.05rem; margin: 18px 0 6px; }
  h4 { font-size: 0.95rem; margin: 12px 0 4px; }
  p { margin: 4px 0; }
  .meta { color: #4a5757; font-size: 0.9rem; margin: 0; }
  .entry, .step { border: 1px solid #d5dddc; border-radius: 8px; padding: 10px 14px; margin: 10px 0;
    break-inside: avoid; page-break-inside: avoid; }
  dl { margin: 0; }
  dt { font-weight: 600; margin-top: 6px; }
  dd { margin: 0 0 0 0; white-space: pre-wrap; }
  ul { margin: 4px 0; padding-left: 1.3rem; }
  ul.actions { list-style: none; padding-left: 0; }
  .entry > h3:first-child, .step > h2:first-child { margin-top: 0; }
  .status { display: inline-block; font-size: 0.85rem; font-weight: 600; border-radius: 999px;
    padding: 1px 10px; border: 1px solid currentColor; }
  .todo { color: #555f5f; }
  .progress { color: #7a5300; }
  .completed { color: #1f6b33; }
  .empty { color: #5d6868; font-style: italic; }
  .text { white-space: pre-wrap; }
  @media print {
    body { padding: 0; font-size: 11pt; }
    h2 { break-after: avoid; page-break-after: avoid; }
  }
`;

/** A complete standalone page: its own inline style, no scripts, no external resources. */
export function htmlPage(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${DOCUMENT_STYLE}</style>`,
    '</head>',
    `<body><main>${body}</main></body>`,
    '</html>',
  ].join('\n');
}

/**
 * The name a shared document gives its owner: the first word of the name the person gave SAM, and only
 * if it reads as a name (letters, digits, spaces, hyphens, apostrophes, periods). Anything else, an e-mail
 * address above all, names no one: whoever holds the link learns no more than a first name.
 */
export function firstNameOf(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0] ?? '';
  return first && PERSON_NAME_PATTERN.test(first) ? first : null;
}

/** The header every document starts with: its title, the owner's first name (if any), the day, and SAM. */
export function documentHeader(title: string, owner: string | null | undefined, date: string): string {
  const who = firstNameOf(owner);
  return [
    '<header>',
    `<h1>${escapeHtml(title)}</h1>`,
    who ? `<p class="meta">${escapeHtml(who)}</p>` : '',
    `<p class="meta">${escapeHtml(date)}</p>`,
    `<p class="meta">${escapeHtml(SHARE_DOCUMENT_MADE_WITH)}</p>`,
    '</header>',
  ].join('');
}

/** A labelled value; blank text shows a quiet dash so the reader sees nothing was written. */
export function field(label: string, value: string): string {
  const text = value.trim();
  return `<dt>${escapeHtml(label)}</dt><dd>${text ? escapeHtml(text) : '<span class="empty">—</span>'}</dd>`;
}
