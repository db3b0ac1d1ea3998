import { describe, expect, it } from 'vitest';
import { CONTENT_TAGS_NOT_FOUND, ContentTagsNotFoundError, cutSection } from './cutSection.ts';

const file = `Intro outside any section.

<!-- about:start -->
<!-- title: About SAM -->
<!-- subtitle: A private workbook -->
SAM is **private**.

## What we keep
Very little.
<!-- about:end -->

<!-- help-1:start -->
# Question one
Think about it.
<!-- help-1:end -->

<!--plain:start-->
No title here.
<!--plain:end-->
`;

describe('cutSection', () => {
  it('cuts a section and reads its title and subtitle tags', () => {
    expect(cutSection(file, 'about')).toEqual({
      title: 'About SAM',
      subtitle: 'A private workbook',
      body: 'SAM is **private**.\n\n## What we keep\nVery little.',
    });
  });

  it('takes the first heading as the title when there is no title tag, and removes it from the body', () => {
    expect(cutSection(file, 'help-1')).toEqual({
      title: 'Question one',
      subtitle: null,
      body: 'Think about it.',
    });
  });

  it('accepts tags without inner spaces and sections without a title', () => {
    expect(cutSection(file, 'plain')).toEqual({ title: '', subtitle: null, body: 'No title here.' });
  });

  it('does not confuse a tag with one that merely starts the same', () => {
    expect(() => cutSection(file, 'help')).toThrow(ContentTagsNotFoundError);
  });

  it("throws 'Content tags not found' when a tag is missing or the end comes first", () => {
    expect(() => cutSection(file, 'privacy')).toThrow(CONTENT_TAGS_NOT_FOUND);
    expect(() => cutSection('<!-- x:end --> text <!-- x:start -->', 'x')).toThrow(CONTENT_TAGS_NOT_FOUND);
    expect(() => cutSection('<!-- x:start --> text', 'x')).toThrow(CONTENT_TAGS_NOT_FOUND);
  });

  it('treats regular-expression characters in a tag literally', () => {
    expect(cutSection('<!-- a.b:start -->Hi<!-- a.b:end -->', 'a.b').body).toBe('Hi');
    expect(() => cutSection('<!-- axb:start -->Hi<!-- axb:end -->', 'a.b')).toThrow(CONTENT_TAGS_NOT_FOUND);
  });
});
