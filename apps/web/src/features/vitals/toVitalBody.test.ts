import { describe, expect, it } from 'vitest';
import { toVitalBody } from './toVitalBody.ts';

describe('toVitalBody', () => {
  it('keeps the name, value, rating, id and navigation type and adds the page path', () => {
    expect(
      toVitalBody(
        { name: 'LCP', value: 1234.5, rating: 'good', id: 'v5-1', navigationType: 'navigate' },
        '/discover',
      ),
    ).toEqual({
      name: 'LCP',
      value: 1234.5,
      rating: 'good',
      id: 'v5-1',
      page: '/discover',
      navigationType: 'navigate',
    });
  });

  it('stays within the server limits', () => {
    const body = toVitalBody(
      { name: 'INP', value: 9e9, rating: 'poor', id: 'x'.repeat(150) },
      `/${'a'.repeat(300)}`,
    );
    expect(body?.value).toBe(600_000);
    expect(body?.id).toHaveLength(100);
    expect(body?.page).toHaveLength(200);
    expect(body).not.toHaveProperty('navigationType');
  });

  it('drops metrics the server does not take', () => {
    expect(toVitalBody({ name: 'FID', value: 1, rating: 'good', id: 'a' }, '/')).toBeNull();
    expect(toVitalBody({ name: 'CLS', value: Number.NaN, rating: 'good', id: 'a' }, '/')).toBeNull();
  });
});
