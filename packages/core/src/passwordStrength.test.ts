import { describe, expect, it } from 'vitest';
import { passwordStrength } from './passwordStrength.ts';

describe('passwordStrength', () => {
  it('calls anything under 8 characters too short', () => {
    expect(passwordStrength('Ab1!xyz')).toEqual({ score: 0, label: 'Too short' });
  });
  it('calls common passwords weak whatever their length', () => {
    expect(passwordStrength('MyPassword123456!').score).toBe(1);
  });
  it('grows with length and variety', () => {
    expect(passwordStrength('abcdefgh').score).toBe(1);
    expect(passwordStrength('abcdefghijkl').score).toBe(2);
    expect(passwordStrength('Abcdefghijk1').score).toBe(3);
    expect(passwordStrength('Quiet river at dawn 42').score).toBe(4);
  });
});
