/** The share viewer's rules, kept free of the DOM so they can be unit-tested. */

/** The iframe document may only use its own inline style and data: images: nothing can load or run. */
export const FRAME_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export type ViewerProblem = 'missing-key' | 'not-found' | 'expired' | 'undecryptable' | 'unavailable';

export const VIEWER_MESSAGES: Record<ViewerProblem, { title: string; text: string }> = {
  'missing-key': {
    title: 'This link is missing its key',
    text: 'Shared documents are locked with a key that is part of the link, after the # sign. Ask the person who shared it to send you the whole link again.',
  },
  'not-found': {
    title: 'This document could not be found',
    text: 'It may have been deleted by the person who shared it, or the link may be incomplete. Ask them for a new link.',
  },
  expired: {
    title: 'This shared document has expired',
    text: 'Shared documents are kept for 7 days. Ask the person who shared it to make a new one.',
  },
  undecryptable: {
    title: 'This document could not be opened with this link',
    text: 'The key in the link does not fit this document. Check that you copied the whole link, or ask for it again.',
  },
  unavailable: {
    title: 'The document could not be loaded',
    text: 'Check your internet connection and try again in a moment.',
  },
};

const ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Reads `/s/<id>` and `#<key>`; a problem when either is missing or malformed. */
export function readShareLocation(
  pathname: string,
  hash: string,
): { ok: true; id: string; key: string } | { ok: false; problem: ViewerProblem } {
  const id = /^\/s\/([^/?#]+)\/?$/.exec(pathname)?.[1] ?? '';
  if (!ID_PATTERN.test(id)) return { ok: false, problem: 'not-found' };
  const key = hash.replace(/^#/, '').trim();
  if (!KEY_PATTERN.test(key)) return { ok: false, problem: 'missing-key' };
  return { ok: true, id, key };
}

/** The problem a failed fetch of the document means. */
export function problemOfStatus(status: number): ViewerProblem {
  if (status === 404 || status === 400) return 'not-found';
  if (status === 410) return 'expired';
  return 'unavailable';
}

/**
 * The iframe's srcdoc: the cleaned head and body put inside a page whose first element is the frame's own
 * Content-Security-Policy, so the policy is in force before anything of the document is parsed.
 */
export function frameDocument(cleanHead: string, cleanBody: string): string {
  return [
    '<!doctype html><html lang="en"><head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    cleanHead,
    '</head><body>',
    cleanBody,
    '</body></html>',
  ].join('');
}

/** The class of the print copy's element that stands for the document's body. */
export const PRINT_BODY_CLASS = 'shared-document-body';

const ROOT_SELECTORS = /(^|[\s>+~,(])(html|body|:root)(?=$|[\s>+~,.:#[)])/gi;

/**
 * A selector of the document's style as it must read in the print copy, which lives in a shadow root:
 * `html` and `:root` become the copy's host, `body` the element that stands for it.
 */
export function printCopySelector(selector: string): string {
  return selector.replace(
    ROOT_SELECTORS,
    (_, before: string, name: string) =>
      `${before}${name.toLowerCase() === 'body' ? `.${PRINT_BODY_CLASS}` : ':host'}`,
  );
}

/** A style value that would fetch something (an image, a font): the print copy leaves it out. */
export function fetchesSomething(value: string): boolean {
  return /(url|image-set|src)\s*\(/i.test(value);
}

/** 'Available until 29-Nov-2026' from the document's expire_date. */
export function expiryText(expireDate: string, formatDate: (d: string) => string): string {
  const text = formatDate(expireDate);
  return text ? `Available until ${text}` : '';
}

export type PublicShare = { share_name: string; html_content: string; expire_date: string };

/** The public reply's fields the viewer uses (checked by hand: the viewer stays small without zod). */
export function readPublicShare(value: unknown): PublicShare | null {
  const reply = value as Partial<Record<keyof PublicShare, unknown>> | null;
  if (!reply || typeof reply !== 'object') return null;
  const { share_name, html_content, expire_date } = reply;
  if (typeof share_name !== 'string' || typeof html_content !== 'string') return null;
  return { share_name, html_content, expire_date: typeof expire_date === 'string' ? expire_date : '' };
}
