import { describe, expect, it } from 'vitest';
import { splitErrorParam } from './startupError.ts';

describe('splitErrorParam', () => {
  it('removes only the error parameter and keeps the rest of the address', () => {
    expect(splitErrorParam('https://sam.example/verify-email?email=a%40b.c&error=no_code#top')).toEqual({
      cleanUrl: '/verify-email?email=a%40b.c#top',
      value: 'no_code',
    });
  });

  it('leaves an address without it alone', () => {
    expect(splitErrorParam('https://sam.example/discover?x=1')).toEqual({
      cleanUrl: 'https://sam.example/discover?x=1',
      value: null,
    });
  });

  it('reads an empty value as a value', () => {
    expect(splitErrorParam('https://sam.example/?error=')).toEqual({ cleanUrl: '/', value: '' });
  });
});
