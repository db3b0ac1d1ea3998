import { afterEach, vi } from 'vitest';

/** One request as the fake server received it (the JSON body parsed). */
export type FakeRequest = { method: string; path: string; params: Record<string, string>; body: unknown };

/** An answer other than 200 with JSON: a status, and a body (a string is sent as text). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** Answers a request: a value (200 with it as JSON), a Reply, or a throw (the network fails). */
export type Handler = (request: FakeRequest) => unknown;

type Route = { method: string; pattern: RegExp; names: string[]; handler: Handler };

function compile(key: string, handler: Handler): Route {
  const [method = '', path = ''] = key.split(' ');
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { method, pattern: new RegExp(`^${source}$`), names, handler };
}

async function bodyOf(init: RequestInit | undefined): Promise<unknown> {
  if (typeof init?.body !== 'string') return undefined;
  try {
    return JSON.parse(init.body);
  } catch {
    return init.body;
  }
}

/**
 * A stand-in for the server at the fetch boundary: `routes` maps 'METHOD /path/:param' to a handler.
 * Every request is recorded; one no route answers gets a 404 and is listed in `unhandled`. Installed as
 * `globalThis.fetch` until the test ends.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const table = Object.entries(routes).map(([key, handler]) => compile(key, handler));
  const requests: FakeRequest[] = [];
  const unhandled: string[] = [];

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = await bodyOf(init);
    for (const route of table) {
      const match = route.method === method ? route.pattern.exec(decodeURIComponent(url.pathname)) : null;
      if (!match) continue;
      const params = Object.fromEntries(route.names.map((name, i) => [name, match[i + 1] ?? '']));
      const request = { method, path: url.pathname, params, body };
      requests.push(request);
      let answer: unknown;
      try {
        answer = await route.handler(request);
      } catch {
        throw new TypeError('Failed to fetch');
      }
      const reply = answer instanceof Reply ? answer : new Reply(200, answer);
      const text =
        reply.body === undefined
          ? ''
          : typeof reply.body === 'string'
            ? reply.body
            : JSON.stringify(reply.body);
      return new Response(text, { status: reply.status });
    }
    requests.push({ method, path: url.pathname, params: {}, body });
    unhandled.push(`${method} ${url.pathname}`);
    return new Response(JSON.stringify({ detail: 'Not found' }), { status: 404 });
  };
  vi.stubGlobal('fetch', vi.fn(fetch));

  return {
    requests,
    unhandled,
    /** The requests made to one route, e.g. to('POST', '/api/save_inventory_encrypted'). */
    to: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});
