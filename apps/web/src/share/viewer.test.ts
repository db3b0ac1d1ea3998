import { describe, expect, it } from 'vitest';
import {
  FRAME_POLICY,
  fetchesSomething,
  frameDocument,
  PRINT_BODY_CLASS,
  printCopySelector,
  problemOfStatus,
  readPublicShare,
  readShareLocation,
} from './viewer.ts';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const KEY = 'k'.repeat(43);

describe('the share viewer', () => {
  it('reads the id from the path and the key from the fragment', () => {
    expect(readShareLocation(`/s/${ID}`, `#${KEY}`)).toEqual({ ok: true, id: ID, key: KEY });
    expect(readShareLocation(`/s/${ID}/`, `#${KEY}`)).toEqual({ ok: true, id: ID, key: KEY });
    expect(readShareLocation(`/s/${ID}`, '')).toEqual({ ok: false, problem: 'missing-key' });
    expect(readShareLocation(`/s/${ID}`, '#')).toEqual({ ok: false, problem: 'missing-key' });
    expect(readShareLocation(`/s/${ID}`, `#${KEY.slice(1)}`)).toEqual({ ok: false, problem: 'missing-key' });
    expect(readShareLocation('/s/short', `#${KEY}`)).toEqual({ ok: false, problem: 'not-found' });
    expect(readShareLocation('/other', `#${KEY}`)).toEqual({ ok: false, problem: 'not-found' });
  });

  it('tells expired documents apart from missing ones', () => {
    expect(problemOfStatus(410)).toBe('expired');
    expect(problemOfStatus(404)).toBe('not-found');
    expect(problemOfStatus(400)).toBe('not-found');
    expect(problemOfStatus(429)).toBe('unavailable');
    expect(problemOfStatus(500)).toBe('unavailable');
  });

  it("puts the frame's own policy before anything of the document", () => {
    const doc = frameDocument('<style>h1{color:red}</style>', '<h1>Hi</h1>');
    expect(FRAME_POLICY).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    const policyAt = doc.indexOf('http-equiv="Content-Security-Policy"');
    expect(policyAt).toBeGreaterThan(0);
    expect(policyAt).toBeLessThan(doc.indexOf('<style>'));
    expect(doc).toContain(`content="${FRAME_POLICY}"`);
    expect(doc).toMatch(/<body><h1>Hi<\/h1><\/body><\/html>$/);
  });

  it('accepts only a reply with a name and content', () => {
    expect(readPublicShare({ share_name: 'A', html_content: 'x', expire_date: 'd' })).toEqual({
      share_name: 'A',
      html_content: 'x',
      expire_date: 'd',
    });
    expect(readPublicShare({ share_name: 'A' })).toBeNull();
    expect(readPublicShare(null)).toBeNull();
    expect(readPublicShare('text')).toBeNull();
  });

  it("points the document's root and body selectors at the print copy's host and body", () => {
    const body = `.${PRINT_BODY_CLASS}`;
    expect(printCopySelector('body')).toBe(body);
    expect(printCopySelector(':root')).toBe(':host');
    expect(printCopySelector('html')).toBe(':host');
    expect(printCopySelector('html, body')).toBe(`:host, ${body}`);
    expect(printCopySelector('html body > main')).toBe(`:host ${body} > main`);
    expect(printCopySelector('BODY.dark')).toBe(`${body}.dark`);
    expect(printCopySelector(':not(body) p')).toBe(`:not(${body}) p`);
    for (const other of [
      'tbody td',
      '.body',
      '#html',
      '[data-x="body"]',
      'main',
      '.entry > h3:first-child',
    ]) {
      expect(printCopySelector(other)).toBe(other);
    }
  });

  it('finds the style values that would fetch something', () => {
    expect(fetchesSomething('url("https://example.com/x.png")')).toBe(true);
    expect(fetchesSomething('URL (x)')).toBe(true);
    expect(fetchesSomething('image-set("a.png" 1x)')).toBe(true);
    expect(fetchesSomething('-webkit-image-set(url(a.png) 1x)')).toBe(true);
    expect(fetchesSomething('src("font.woff")')).toBe(true);
    expect(fetchesSomething('1px solid #c9d6d5')).toBe(false);
    expect(fetchesSomething('system-ui, -apple-system, "Segoe UI"')).toBe(false);
  });
});
