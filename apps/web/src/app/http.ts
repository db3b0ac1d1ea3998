import { AUTH_MESSAGES, STORAGE_KEYS } from '@sam/core';

/** A failed call: `status` 0 means the request never got an answer. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string | undefined;

  constructor(status: number, detail: string, code?: string) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.code = code;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Survives page unload (used for web-vitals reports). */
  keepalive?: boolean;
  /** Sent without the account's token (web-vitals reports name no one). */
  anonymous?: boolean;
  signal?: AbortSignal;
};

type Deps = { fetch: typeof fetch; storage: Pick<Storage, 'getItem'> | null };

function defaultDeps(): Deps {
  return {
    fetch: (...args) => globalThis.fetch(...args),
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
 * JSON over fetch with the stored bearer token. Error replies become ApiError carrying the server's
 * `detail`; a fetch that fails becomes ApiError(0, 'Network error. Please try again.').
 */
export async function request<T>(
  path: string,
  options: RequestOptions = {},
  deps: Deps = defaultDeps(),
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.anonymous ? null : deps.storage?.getItem(STORAGE_KEYS.authToken);
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method: options.method ?? 'GET', headers, credentials: 'same-origin' };
  // A body-less POST must not claim a JSON body: the server rejects an empty JSON body.
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  if (options.keepalive) init.keepalive = true;
  if (options.signal) init.signal = options.signal;

  let response: Response;
  try {
    response = await deps.fetch(path, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, AUTH_MESSAGES.network, 'network_error');
  }
  const body = await readJson(response);
  if (!response.ok) throw errorFrom(response.status, body, response.statusText);
  return body as T;
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }),
};

/** The text to show for a failed call: the server's detail, else the screen's default. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail || fallback;
  return fallback;
}
