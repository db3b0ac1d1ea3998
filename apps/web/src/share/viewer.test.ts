import { describe, expect, it } from 'vitest';
import {
  FRAME_POLICY,
  frameDocument,
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
});
