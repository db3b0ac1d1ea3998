import { describe, expect, it } from 'vitest';
import { pageHtml, styleSheetsByClass } from './pageHtml.ts';

const template = [
  '<!doctype html><html><head><title>SAM</title>',
  '<script type="module" crossorigin src="/assets/main-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/main-3.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const sheets = styleSheetsByClass([
  { href: '/assets/main-3.css', css: 'body{margin:0}._shell_a1_1{display:grid}' },
  { href: '/assets/Page-4.css', css: '._page_b2_1{padding:1rem}._title_b2_5:hover{color:red}' },
  { href: '/assets/Unused-5.css', css: '._other_c3_1{color:blue}' },
]);

describe('a prerendered page', () => {
  const rendered =
    '<link rel="preload" as="image" href="/icons/icon.svg"/>' +
    '<div class="_shell_a1_1"><div class="_page_b2_1" data-document-title="Discover Recovery">' +
    '<h1 class="_title_b2_5">Discover Recovery</h1><p>Costs $1 & more</p></div></div>';
  const html = pageHtml(template, rendered, sheets);

  it('holds the rendered content in the root element', () => {
    expect(html).toContain('<div id="root"><div class="_shell_a1_1">');
    expect(html).toContain('<p>Costs $1 & more</p></div></div></div>');
  });

  it('links the style sheets its classes need, once, and no others', () => {
    expect(html.match(/Page-4\.css/g)).toHaveLength(1);
    expect(html.match(/main-3\.css/g)).toHaveLength(1);
    expect(html).not.toContain('Unused-5.css');
    expect(html.indexOf('Page-4.css')).toBeLessThan(html.indexOf('</head>'));
  });

  it('moves React’s resource hints into the head and takes the tab title from the page', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/icons/icon.svg"/>');
    expect(head).toContain('<title>Discover Recovery | SAM</title>');
  });

  it('keeps the entry script but lets the content load before the module preloads', () => {
    expect(html).toContain('src="/assets/main-1.js"');
    expect(html).not.toContain('modulepreload');
  });

  it('keeps the shell’s title when the page names none (the home page)', () => {
    expect(pageHtml(template, '<div class="_shell_a1_1">Welcome</div>', sheets)).toContain(
      '<title>SAM</title>',
    );
  });
});
