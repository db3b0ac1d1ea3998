import { formatDisplayDate } from '@sam/core';
import DOMPurify from 'dompurify';
import { decryptShareDocument } from '../crypto/shareKey.ts';
import '../ui/tokens.css';
import './share.css';
import { printCopy } from './printCopy.ts';
import {
  expiryText,
  frameDocument,
  problemOfStatus,
  readPublicShare,
  readShareLocation,
  VIEWER_MESSAGES,
  type ViewerProblem,
} from './viewer.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const main = byId<HTMLElement>('share-main');
const title = byId<HTMLHeadingElement>('share-title');
const expires = byId<HTMLParagraphElement>('share-expires');
const printButton = byId<HTMLButtonElement>('share-print');

/** Tags a SAM document never has; everything that could fetch, navigate or run goes. */
const FORBID_TAGS = [
  'a',
  'area',
  'base',
  'button',
  'embed',
  'form',
  'iframe',
  'img',
  'picture',
  'input',
  'link',
  'meta',
  'object',
  'select',
  'svg',
  'math',
  'textarea',
  'video',
  'audio',
  'source',
];

function showProblem(problem: ViewerProblem): void {
  const message = VIEWER_MESSAGES[problem];
  document.title = `${message.title} - SAM`;
  title.textContent = message.title;
  const text = document.createElement('p');
  text.className = 'problem';
  text.textContent = message.text;
  main.replaceChildren(text);
  main.setAttribute('data-state', problem);
}

/** The decrypted HTML, cleaned: what is left of its whole document (head and body) after DOMPurify. */
function cleanDocument(html: string): Element {
  return DOMPurify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    FORBID_TAGS,
    ADD_TAGS: ['style'],
  }) as Element;
}

/** The cleaned document as the srcdoc of a frame that may run nothing. */
function frameSource(cleaned: Element): string {
  const head = cleaned.querySelector('head');
  const styles = [...(head?.querySelectorAll('style') ?? [])].map((s) => s.outerHTML).join('');
  const body = cleaned.querySelector('body')?.innerHTML ?? '';
  return frameDocument(styles, body);
}

/** The visible frame: its empty sandbox lets nothing in it run, and no script (not even ours) reach in. */
function frame(srcdoc: string, label: string): HTMLIFrameElement {
  const element = document.createElement('iframe');
  element.setAttribute('sandbox', '');
  element.setAttribute('referrerpolicy', 'no-referrer');
  element.title = label;
  element.srcdoc = srcdoc;
  return element;
}

async function open(): Promise<void> {
  const place = readShareLocation(location.pathname, location.hash);
  if (!place.ok) return showProblem(place.problem);
  let response: Response;
  try {
    response = await fetch(`/api/share/public/${place.id}`, { credentials: 'omit', cache: 'no-store' });
  } catch {
    return showProblem('unavailable');
  }
  if (!response.ok) return showProblem(problemOfStatus(response.status));
  const shared = readPublicShare(await response.json().catch(() => null));
  if (!shared) return showProblem('unavailable');
  let html: string;
  try {
    html = await decryptShareDocument(globalThis.crypto, place.key, shared.html_content);
  } catch {
    return showProblem('undecryptable');
  }
  const cleaned = cleanDocument(html);
  document.title = `${shared.share_name} - SAM`;
  title.textContent = shared.share_name;
  expires.textContent = expiryText(shared.expire_date, formatDisplayDate);
  expires.hidden = expires.textContent === '';
  const label = `Shared document: ${shared.share_name}`;
  main.replaceChildren(frame(frameSource(cleaned), label), printCopy(cleaned));
  main.setAttribute('data-state', 'open');
  printButton.hidden = false;
  printButton.addEventListener('click', () => window.print());
}

void open();
