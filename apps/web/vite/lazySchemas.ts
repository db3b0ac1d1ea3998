import { fileURLToPath } from 'node:url';
import { type Plugin, parseAst } from 'vite';

const LAZY_SCHEMA = fileURLToPath(new URL('../../../packages/core/src/lazySchema.ts', import.meta.url));
const ALIAS = '__lazySchema';
/**
 * How the code names a schema, a function that makes one, or a set of them: `stepRecordSchema`,
 * `answerSchema(true)`, `ENTRY_SCHEMAS`.
 */
const SCHEMA_NAME = /schemas?$/i;

export type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** The name a chain such as `z.string().max(5)` or `stepSchema.extend({…})` starts from. */
export function chainRoot(node: Node): string | undefined {
  let current = node;
  for (;;) {
    if (current.type === 'CallExpression') current = current.callee as Node;
    else if (current.type === 'MemberExpression') current = current.object as Node;
    else return current.type === 'Identifier' ? (current.name as string) : undefined;
  }
}

/** The names a module imports zod's exports under. */
export function zodNames(program: Node[]): Set<string> {
  const names = new Set<string>();
  for (const statement of program) {
    if (statement.type !== 'ImportDeclaration' || (statement.source as { value: string }).value !== 'zod')
      continue;
    for (const specifier of statement.specifiers as Node[])
      names.add((specifier.local as { name: string }).name);
  }
  return names;
}

/** Each variable a module declares at its top level, exported or not, with its declaration's kind. */
export function topLevelDeclarators(program: Node[]): Array<{ kind: string; id: Node; init: Node | null }> {
  return program.flatMap((statement) => {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type !== 'VariableDeclaration') return [];
    return (declaration.declarations as Node[]).map((declarator) => ({
      kind: declaration.kind as string,
      id: declarator.id as Node,
      init: declarator.init as Node | null,
    }));
  });
}

/**
 * A module's top-level constants made by a call that makes a schema, each wrapped so that its schema is
 * built on first use (`lazySchema` in core). A call counts when its chain starts at zod's import, at a
 * constant wrapped above it, or at a schema's name (imported schemas, and the functions that make one), or
 * when the constant itself is named as a schema (`displayNameSchema = optionalText(…)`). Anything else
 * (another helper's call, an array, a function) is left as written. Returns undefined when the module
 * defines no schema.
 */
export function wrapSchemas(code: string): string | undefined {
  if (!/from\s*['"]zod['"]/.test(code)) return undefined;
  const body = parseAst(code).body as unknown as Node[];
  const starts = zodNames(body);
  const wrapped: Array<{ start: number; end: number }> = [];
  for (const { kind, id, init } of topLevelDeclarators(body)) {
    if (kind !== 'const' || id.type !== 'Identifier') continue;
    if (!(init?.type === 'CallExpression' || init?.type === 'MemberExpression')) continue;
    const root = chainRoot(init);
    const name = id.name as string;
    if (!(SCHEMA_NAME.test(name) || (root && (starts.has(root) || SCHEMA_NAME.test(root))))) continue;
    wrapped.push({ start: init.start, end: init.end });
    starts.add(name);
  }
  if (!wrapped.length) return undefined;
  let out = code;
  for (const { start, end } of wrapped.reverse()) {
    out = `${out.slice(0, start)}/* @__PURE__ */ ${ALIAS}(() => ${out.slice(start, end)})${out.slice(end)}`;
  }
  return `import { lazySchema as ${ALIAS} } from ${JSON.stringify(LAZY_SCHEMA)};\n${out}`;
}

/**
 * Builds each schema of core and of the web app on its first use, not when its module loads: a signed-in
 * page's start spent most of its longest tasks in zod's constructors (decision 29).
 */
export function lazySchemasPlugin(): Plugin {
  return {
    name: 'sam-lazy-schemas',
    transform: {
      filter: { id: /[\\/](packages[\\/]core|apps[\\/]web)[\\/]src[\\/].*\.tsx?$/ },
      handler(code) {
        const out = wrapSchemas(code);
        return out === undefined ? null : { code: out, map: null };
      },
    },
  };
}
