import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazySchema.ts';

/** A lazy schema that counts how often it was built. */
function counted<T extends object>(build: () => T) {
  const calls = { count: 0 };
  const schema = lazySchema(() => {
    calls.count += 1;
    return build();
  });
  return { schema, calls };
}

describe('lazySchema', () => {
  it('builds nothing until the schema is first read, then builds it once', () => {
    const { schema, calls } = counted(() => z.string().max(3));
    expect(calls.count).toBe(0);
    expect(schema.parse('abc')).toBe('abc');
    expect(schema.safeParse('abcd').success).toBe(false);
    expect(calls.count).toBe(1);
  });

  it('gives the same answers and messages as the schema it stands for', () => {
    const make = () => z.object({ name: z.string().trim().min(1, 'name is required') });
    const { schema } = counted(make);
    for (const value of [{ name: '  Ada ' }, { name: '   ' }, { name: 4 }, null]) {
      expect(schema.safeParse(value)).toEqual(make().safeParse(value));
    }
  });

  it('is a zod schema to zod: instanceof, composition, methods that read this, the standard interface', async () => {
    const { schema: step } = counted(() => z.strictObject({ id: z.number().int(), done: z.boolean() }));
    expect(step).toBeInstanceOf(z.ZodObject);
    expect(step).toBeInstanceOf(z.ZodType);

    const list = z.object({ steps: z.array(step).max(2), first: step.optional() });
    expect(list.parse({ steps: [{ id: 1, done: true }] })).toEqual({ steps: [{ id: 1, done: true }] });
    expect(list.safeParse({ steps: [{ id: 1, done: true, extra: 1 }] }).success).toBe(false);

    const extended = step.extend({ note: z.string() }).pick({ id: true, note: true });
    expect(extended.parse({ id: 2, note: 'n' })).toEqual({ id: 2, note: 'n' });
    expect(Object.keys(step.shape)).toEqual(['id', 'done']);

    const checked = await step['~standard'].validate({ id: 'x', done: true });
    expect('issues' in checked && checked.issues?.[0]?.path).toEqual(['id']);
  });

  it('lets a lazy schema be built from another, each on first use', () => {
    const inner = counted(() => z.enum(['a', 'b']));
    const outer = counted(() => z.object({ letter: inner.schema }));
    expect([inner.calls.count, outer.calls.count]).toEqual([0, 0]);
    expect(outer.schema.parse({ letter: 'b' })).toEqual({ letter: 'b' });
    expect(outer.schema.safeParse({ letter: 'c' }).success).toBe(false);
    expect([inner.calls.count, outer.calls.count]).toEqual([1, 1]);
  });

  it('reports the properties of the schema it stands for', () => {
    const { schema } = counted(() => z.string());
    expect('parse' in schema).toBe(true);
    expect(Object.getOwnPropertyDescriptor(schema, 'def')?.value).toEqual(z.string().def);
    expect(Reflect.ownKeys(schema)).toEqual(Reflect.ownKeys(z.string()));
  });
});
