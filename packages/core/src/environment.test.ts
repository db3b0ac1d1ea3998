import { describe, expect, it } from 'vitest';
import { environmentFromHost } from './environment.ts';

describe('environmentFromHost', () => {
  it.each([
    ['localhost', 'LOCAL'],
    ['127.0.0.1', 'LOCAL'],
    ['192.168.1.20', 'LOCAL'],
    ['[::1]', 'LOCAL'],
    ['app.localhost', 'LOCAL'],
    ['dev.sam-recovery.org', 'DEV'],
    ['DEV.example.com', 'DEV'],
    ['sam-recovery.org', 'PROD'],
    ['developer.example.com', 'PROD'],
    ['www.dev.example.com', 'PROD'],
  ])('%s is %s', (host, label) => {
    expect(environmentFromHost(host)).toBe(label);
  });
});
