import { types } from 'node:util';
import { progressListSchema } from '@sam/core';
import { describe, expect, it } from 'vitest';
import { wrapSchemas } from './lazySchemas.ts';

const wrapped = (expression: string) => `/* @__PURE__ */ __lazySchema(() => ${expression})`;

describe('wrapSchemas', () => {
  it('wraps top-level constants made by a zod chain, exported or not, and imports lazySchema once', () => {
    const out = wrapSchemas(
      [
        `import { z } from 'zod';`,
        `export const nameSchema = z.string().trim().max(40, 'At most 40 characters’');`,
        `const idSchema = z.coerce.number().int();`,
      ].join('\n'),
    );
    expect(out).toContain(
      `export const nameSchema = ${wrapped("z.string().trim().max(40, 'At most 40 characters’')")};`,
    );
    expect(out).toContain(`const idSchema = ${wrapped('z.coerce.number().int()')};`);
    expect(
      out?.match(/import \{ lazySchema as __lazySchema \} from ".*packages\/core\/src\/lazySchema\.ts";/g),
    ).toHaveLength(1);
  });

  it('wraps a chain that starts at a schema wrapped above it, at a *Schema name, or at zod under any name', () => {
    const out = wrapSchemas(
      [
        `import * as zod from 'zod';`,
        `import { pageSchema, answerSchema } from './common.ts';`,
        `const step = zod.object({ id: zod.number() });`,
        `export const stored = step.extend({ note: zod.string() });`,
        `export const usersQuery = pageSchema.extend({ q: zod.string() });`,
        `export const answer = answerSchema(true);`,
      ].join('\n'),
    );
    expect(out).toContain(`const step = ${wrapped('zod.object({ id: zod.number() })')};`);
    expect(out).toContain(`export const stored = ${wrapped('step.extend({ note: zod.string() })')};`);
    expect(out).toContain(`export const usersQuery = ${wrapped('pageSchema.extend({ q: zod.string() })')};`);
    expect(out).toContain(`export const answer = ${wrapped('answerSchema(true)')};`);
  });

  it('leaves alone what may not be a schema: functions, helpers, arrays, reads of a schema, nested code', () => {
    const source = [
      `import { z } from 'zod';`,
      `import { base64, keys } from './common.ts';`,
      `export const makeSchema = (max) => z.string().max(max);`,
      `export const cipher = base64(100);`,
      `export const fromElsewhere = keys.optional();`,
      `export const KEYS = Object.keys({ a: 1 });`,
      `export const LIST = [z.string()];`,
      `export let changing = z.string();`,
      `function inside() { const local = z.string(); return local; }`,
    ].join('\n');
    expect(wrapSchemas(source)).toBeUndefined();
  });

  it('leaves a module that does not import zod untouched', () => {
    expect(wrapSchemas(`const z = { string: () => 1 };\nexport const a = z.string();`)).toBeUndefined();
  });

  it("is applied to core as the web app's tests import it, as in the build", () => {
    expect(types.isProxy(progressListSchema)).toBe(true);
    expect(progressListSchema.parse({ progress: [] })).toEqual({ progress: [] });
  });
});
