import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { types } from 'node:util';
import * as core from '@sam/core';
import { parseAst, transformWithOxc } from 'vite';
import { describe, expect, it } from 'vitest';
import { chainRoot, type Node, topLevelDeclarators, wrapSchemas, zodNames } from './lazySchemas.ts';

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

  it('wraps a call of any helper when the constant is named as a schema or a set of schemas', () => {
    const out = wrapSchemas(
      [
        `import { z } from 'zod';`,
        `import { base64 } from './common.ts';`,
        `const optionalText = (max) => z.string().max(max).optional();`,
        `export const displayNameSchema = optionalText(40).refine(Boolean);`,
        `export const publicKeySchema = base64(65);`,
        `export const ENTRY_SCHEMAS = entrySchemas(true);`,
        `export const fearSchema = ENTRY_SCHEMAS.fears;`,
      ].join('\n'),
    );
    expect(out).toContain(`export const displayNameSchema = ${wrapped('optionalText(40).refine(Boolean)')};`);
    expect(out).toContain(`export const publicKeySchema = ${wrapped('base64(65)')};`);
    expect(out).toContain(`export const ENTRY_SCHEMAS = ${wrapped('entrySchemas(true)')};`);
    expect(out).toContain(`export const fearSchema = ${wrapped('ENTRY_SCHEMAS.fears')};`);
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
    expect(types.isProxy(core.progressListSchema)).toBe(true);
    expect(core.progressListSchema.parse({ progress: [] })).toEqual({ progress: [] });
  });

  it('leaves none of the schemas core exports to be built when the web app loads core', () => {
    const built = Object.entries(core)
      .filter(
        ([name, value]) => /schemas?$/i.test(name) && typeof value === 'object' && !types.isProxy(value),
      )
      .map(([name]) => name);
    expect(built).toEqual([]);
  });

  it('leaves no top-level call of a zod module in core or the web app to run when its module loads', async () => {
    // A helper's call (`base64(512)`) is wrapped only when its constant is named as a schema; one that is not
    // builds its schema as the page starts. The language's own calls (Array.from) make no schema.
    const eager = (await zodModules()).flatMap(({ file, code }) => {
      const out = wrapSchemas(code) ?? code;
      return topLevelCalls(out)
        .filter(({ text }) => !text.startsWith('__lazySchema(') && !/^(Array|Object)\./.test(text))
        .map(({ name }) => `${file}: ${name}`);
    });
    expect(eager).toEqual([]);
  });

  it('leaves no zod call outside a function or a lazy schema, as in a shape written as an object', async () => {
    const eager = (await zodModules()).flatMap(({ file, code }) =>
      eagerZodCalls(wrapSchemas(code) ?? code).map((call) => `${file}: ${call}`),
    );
    expect(eager).toEqual([]);
  });
});

const ROOT = join(import.meta.dirname, '../../..');

/** Every non-test module of core and the web app that imports zod, as JavaScript. */
function zodModules(): Promise<Array<{ file: string; code: string }>> {
  const files = ['packages/core/src', 'apps/web/src'].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => `${dir}/${file}`),
  );
  return Promise.all(
    files
      .map((file) => ({ file, source: readFileSync(join(ROOT, file), 'utf8') }))
      .filter(({ source }) => /from\s*['"]zod['"]/.test(source))
      .map(async ({ file, source }) => ({
        file,
        code: (await transformWithOxc(source, file, { jsx: { runtime: 'automatic' } })).code,
      })),
  );
}

/** A module's top-level variables made by a call, with the call's text. */
function topLevelCalls(code: string): Array<{ name: string; text: string }> {
  return topLevelDeclarators(parseAst(code).body as unknown as Node[]).flatMap(({ id, init }) =>
    init?.type === 'CallExpression'
      ? [{ name: id.name as string, text: code.slice(init.start, init.end) }]
      : [],
  );
}

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration']);

/** The zod calls a module makes as it loads: outside every function and every `__lazySchema(…)`. */
function eagerZodCalls(code: string): string[] {
  const program = parseAst(code).body as unknown as Node[];
  const zod = zodNames(program);
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (!node || typeof node !== 'object' || !('type' in node)) return;
    const current = node as Node;
    if (FUNCTIONS.has(current.type) || current.type === 'ImportDeclaration') return;
    if (current.type === 'CallExpression') {
      const callee = current.callee as Node;
      if (callee.type === 'Identifier' && callee.name === '__lazySchema') return;
      if (zod.has(chainRoot(current) ?? '')) {
        found.push(code.slice(current.start, current.end).slice(0, 60));
        return;
      }
    }
    for (const [key, value] of Object.entries(current)) if (key !== 'type') visit(value);
  };
  visit(program);
  return found;
}
