/**
 * Turning a page rendered at build time into its HTML file (used by apps/web/vite/prerender.ts). Pure
 * string work, so it is unit-tested beside the app.
 */

/** Which style sheet defines each CSS class (CSS-module class names are unique to their sheet). */
export function styleSheetsByClass(
  sheets: ReadonlyArray<{ href: string; css: string }>,
): Map<string, string> {
  const byClass = new Map<string, string>();
  for (const { href, css } of sheets) {
    for (const [, className] of css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) {
      if (className && !byClass.has(className)) byClass.set(className, href);
    }
  }
  return byClass;
}

/**
 * The built index.html with a rendered page in it: its content, its tab title (from the page's
 * data-document-title) and the style sheets its classes need, so it is drawn right before any script runs.
 * The shell's module preloads go: the content comes first, the scripts after it.
 */
export function pageHtml(template: string, rendered: string, sheetsByClass: Map<string, string>): string {
  // React puts resource hints (image preloads) at the front of its output; they belong in the head.
  const hoisted = rendered.match(/^(?:<link [^>]*>)*/)?.[0] ?? '';
  const body = rendered.slice(hoisted.length);
  const sheets = new Set<string>();
  for (const [, classes = ''] of body.matchAll(/class="([^"]*)"/g)) {
    for (const className of classes.split(/\s+/)) {
      const sheet = sheetsByClass.get(className);
      if (sheet && !template.includes(`href="${sheet}"`)) sheets.add(sheet);
    }
  }
  const links = [...sheets].map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  const title = body.match(/data-document-title="([^"]*)"/)?.[1];
  let html = template
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
    .replace('</head>', () => `${hoisted}${links}</head>`);
  if (title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title} | SAM</title>`);
  return html;
}
