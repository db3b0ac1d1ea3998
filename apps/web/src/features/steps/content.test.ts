import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CONTENT = new URL('../../../public/content/', import.meta.url);

describe('the step pages’ content files', () => {
  it('never promise a video: SAM embeds no third-party video', () => {
    const files = readdirSync(CONTENT).filter((name) => name.endsWith('.md'));
    expect(files).toContain('step-1.md');
    const mentions = files.flatMap((name) =>
      readFileSync(new URL(name, CONTENT), 'utf8')
        .split('\n')
        .filter((line) => /video|youtube/i.test(line))
        .map((line) => `${name}: ${line.trim()}`),
    );
    expect(mentions).toEqual([]);
  });
});
