import { describe, expect, it } from 'vitest';
import { coalescedTimers } from './queryTimers.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('coalescedTimers', () => {
  it('runs each timer once it is due, in the order they are due, whatever the order they were set', async () => {
    const ran: string[] = [];
    coalescedTimers.setTimeout(() => ran.push('late'), 60);
    coalescedTimers.setTimeout(() => ran.push('soon'), 10);
    coalescedTimers.setTimeout(() => ran.push('middle'), 30);
    await wait(100);
    expect(ran).toEqual(['soon', 'middle', 'late']);
  });

  it('never runs a cleared timer, the one due first included', async () => {
    const ran: string[] = [];
    const first = coalescedTimers.setTimeout(() => ran.push('first'), 10);
    coalescedTimers.setTimeout(() => ran.push('second'), 20);
    coalescedTimers.clearTimeout(first);
    await wait(40);
    expect(ran).toEqual(['second']);
  });

  it('runs a timer set by a running timer, and one cleared by it not at all', async () => {
    const ran: string[] = [];
    let cleared = 0;
    coalescedTimers.setTimeout(() => {
      ran.push('outer');
      coalescedTimers.clearTimeout(cleared);
      coalescedTimers.setTimeout(() => ran.push('inner'), 0);
    }, 5);
    cleared = coalescedTimers.setTimeout(() => ran.push('cleared'), 5);
    await wait(40);
    expect(ran).toEqual(['outer', 'inner']);
  });

  it('runs an interval every time it is due until it is cleared', async () => {
    let runs = 0;
    const id = coalescedTimers.setInterval(() => {
      runs += 1;
    }, 10);
    await wait(55);
    coalescedTimers.clearInterval(id);
    const seen = runs;
    await wait(30);
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(runs).toBe(seen);
  });
});
