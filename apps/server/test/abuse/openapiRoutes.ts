import type { TestApp } from '../helpers.ts';

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

export type Parameter = {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
};

/** One operation of the published OpenAPI document. */
export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, e.g. `/api/user/keys/{userId}`. */
  path: string;
  /** `METHOD /path`, the key the route tables below use. */
  key: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | undefined;
};

type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every route the server documents (what `/api/docs/json` publishes), so a new route cannot be missed. */
export function documentedRoutes(t: TestApp): Route[] {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase() as Route['method'];
      const parameters = operation.parameters ?? [];
      routes.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: parameters.filter((p) => p.in === 'path'),
        queryParams: parameters.filter((p) => p.in === 'query'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

/**
 * The URL of a route with its path parameters filled in, each URL-encoded (a lone surrogate, which no URL
 * can carry, becomes U+FFFD as a browser would send it).
 */
export function urlOf(route: Route, params: Record<string, string>, query?: Record<string, string>): string {
  let url = route.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent((params[name] ?? '').replace(/[\uD800-\uDFFF]/gu, '\uFFFD')),
  );
  const search = new URLSearchParams(query ?? {}).toString();
  if (search) url += `?${search}`;
  return url;
}
