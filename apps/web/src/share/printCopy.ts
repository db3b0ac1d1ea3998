import { fetchesSomething, PRINT_BODY_CLASS, printCopySelector } from './viewer.ts';

/**
 * Rewrites the rules of one of the document's style sheets for the shadow root: selectors of the page's
 * root and body point at the copy's, and whatever would fetch (a url(), a font face, an import) goes, so
 * the copy loads nothing, as the frame cannot.
 */
function adaptRules(owner: CSSStyleSheet | CSSGroupingRule): void {
  for (let i = owner.cssRules.length - 1; i >= 0; i--) {
    const rule = owner.cssRules[i];
    if (rule instanceof CSSStyleRule) {
      rule.selectorText = printCopySelector(rule.selectorText);
      for (const name of [...rule.style]) {
        if (fetchesSomething(rule.style.getPropertyValue(name))) rule.style.removeProperty(name);
      }
      adaptRules(rule);
    } else if (rule instanceof CSSMediaRule || rule instanceof CSSSupportsRule) {
      adaptRules(rule);
    } else {
      owner.deleteRule(i);
    }
  }
}

function sheetOf(text: string): CSSStyleSheet | null {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    adaptRules(sheet);
    return sheet;
  } catch (error) {
    console.warn('A style of the shared document was left out of the print copy', error);
    return null;
  }
}

/**
 * What the browser prints: the cleaned document itself, in the page rather than in a frame, so it runs
 * over as many pages as it needs and keeps its own page breaks (a frame prints as one clipped box). It
 * sits in a shadow root so its style touches nothing of the page, and is shown only in print. Nothing in
 * it can run: it is the nodes DOMPurify kept, moved over without being parsed again, and the page's own
 * policy refuses inline script; inline style attributes and style elements, which that policy refuses
 * too, are left out, and the style sheets are adopted instead.
 */
export function printCopy(cleaned: Element): HTMLElement {
  const host = document.createElement('div');
  host.className = 'printCopy';
  host.id = 'share-print-copy';
  const shadow = host.attachShadow({ mode: 'open' });
  const styles = [...cleaned.querySelectorAll('style')].map((s) => s.textContent ?? '');
  shadow.adoptedStyleSheets = styles.map(sheetOf).filter((s): s is CSSStyleSheet => s !== null);
  const body = document.createElement('div');
  body.className = PRINT_BODY_CLASS;
  const source = cleaned.querySelector('body');
  if (source) body.append(...document.importNode(source, true).childNodes);
  for (const element of body.querySelectorAll('style')) element.remove();
  for (const element of body.querySelectorAll('[style]')) element.removeAttribute('style');
  shadow.append(body);
  return host;
}
