import DOMPurify from 'dompurify';
import { Marked } from 'marked';

// Content sits under a page's h1 or a dialog's h2 title, so a section's ## becomes h3.
const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  walkTokens(token) {
    if (token.type === 'heading') token.depth = Math.min(token.depth + 1, 6);
  },
});

let hooked = false;
function addLinkHook() {
  if (hooked) return;
  hooked = true;
  // Links to other sites open in a new tab without telling them where the reader came from.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && /^https?:/i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Markdown to HTML that is safe to insert: no scripts, no inline styles, no event handlers. */
export function renderMarkdown(markdown: string): string {
  addLinkHook();
  const html = marked.parse(markdown) as string;
  return DOMPurify.sanitize(html, { FORBID_ATTR: ['style'], ADD_ATTR: ['target'] });
}
