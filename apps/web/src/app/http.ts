import { AUTH_MESSAGES, SESSION_REVOKED, STORAGE_KEYS } from '@sam/core';
import type { z } from 'zod';
import { nextTask } from './nextTask.ts';

/** A failed call: `status` 0 means the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string | undefined;

  constructor(status: number, detail: string, code?: string, options?: ErrorOptions) {
    super(detail, options);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

/**
 * A reply that does not match its schema: the server answered, but with something this page cannot use
 * (usually a page older than the server after a release). 502, like a gateway's bad answer, so it is
 * neither taken for a lost connection (status 0) nor for the person's own mistake (4xx). The zod error is
 * the ApiError's `cause`.
 */
export const BAD_REPLY = {
  status: 502,
  code: 'bad_reply',
  detail: 'The server sent an answer SAM does not understand. Please reload the page.',
} as const;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

type Deps = { fetch: typeof fetch; storage: Pick<Storage, 'getItem'> | null };

/**
 * A logout in progress takes the token out of storage at once (a closed tab is signed out) and holds it
 * here, in the page only, while the last unsaved writing is saved (features/auth/useLogout.ts).
 */
let heldToken: string | null = null;

/** Dispatched on window when a request's token was refused as ended elsewhere (code SESSION_REVOKED). */
export const SESSION_REVOKED_EVENT = 'sam-session-revoked';
export function holdSessionToken(token: string | null): void {
  heldToken = token;
}

function defaultDeps(): Deps {
  // The fetch of the moment the request is made, though a read starts it a task later.
  const fetchNow = globalThis.fetch;
  return {
    fetch: (...args) => fetchNow(...args),
    storage: typeof localStorage === 'undefined' ? null : localStorage,
  };
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown, statusText: string): ApiError {
  const reply = (body ?? {}) as { detail?: unknown; code?: unknown };
  const detail =
    typeof reply.detail === 'string' && reply.detail ? reply.detail : statusText || `HTTP ${status}`;
  return new ApiError(status, detail, typeof reply.code === 'string' ? reply.code : undefined);
}

/**
 * JSON over fetch with the stored bearer token; the reply is parsed with `schema` (from @sam/core), and its
 * output returned. Error replies become ApiError carrying the server's `detail`; a fetch that fails becomes
 * ApiError(0, 'Network error. Please try again.'); a reply the schema refuses becomes ApiError(502, …) (see
 * BAD_REPLY).
 */
export async function request<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
  deps: Deps = defaultDeps(),
): Promise<z.output<S>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = deps.storage ? (heldToken ?? deps.storage.getItem(STORAGE_KEYS.authToken)) : null;
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  // A body-less POST must not claim a JSON body: the server rejects an empty JSON body.
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.signal) init.signal = options.signal;

  // React starts the reads of the components it has just drawn from their effects, all in one task, and
  // starting a fetch takes the main thread a while: each read starts in a task of its own instead.
  if (init.method === 'GET') await nextTask();
  let response: Response;
  try {
    response = await deps.fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, AUTH_MESSAGES.network, 'network_error');
  }
  const body = await readJson(response);
  if (!response.ok) {
    const error = errorFrom(response.status, body, response.statusText);
    // This device's session was ended from another one: the session provider signs out and says so.
    if (token && error.status === 401 && error.code === SESSION_REVOKED && typeof window !== 'undefined') {
      window.dispatchEvent(new Event(SESSION_REVOKED_EVENT));
    }
    throw error;
  }
  const reply = schema.safeParse(body);
  if (!reply.success) {
    throw new ApiError(BAD_REPLY.status, BAD_REPLY.detail, BAD_REPLY.code, { cause: reply.error });
  }
  return reply.data;
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Every call names the schema of its reply, right after the path, and gets that schema's output. */
export const http = {
  get: <S extends z.ZodType>(path: string, schema: S, options?: CallOptions) =>
    request(path, schema, options),
  post: <S extends z.ZodType>(path: string, schema: S, body?: unknown, options?: CallOptions) =>
    request(path, schema, { ...options, method: 'POST', body }),
  put: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    request(path, schema, { method: 'PUT', body }),
  delete: <S extends z.ZodType>(path: string, schema: S, body?: unknown) =>
    request(path, schema, { method: 'DELETE', body }),
};

/** The text to show for a failed call: the server's detail, else the screen's default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  return fallback;
}
