import { ADMIN_MESSAGES } from '@sam/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/users.ts';
import type { AppDeps } from '../deps.ts';
import { requireSession, type Session } from './authenticate.ts';
import { forbidden } from './errors.ts';

/**
 * Who may call a route, declared with the route (`config: { access }`):
 * - public: anyone; a handler that wants to know who asks may call optionalSession itself.
 * - self: a signed-in user, for their own data (a record named in the URL is checked by the service).
 * - admin: a signed-in admin.
 */
export type Access = 'public' | 'self' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The session of a 'self' or 'admin' route, set before the body is read; null on public routes. */
    session: Session | null;
  }
}

export type DeclaredRoute = { method: string; url: string; access: Access };

/** Routes outside the API (the web app, the API docs) are public by nature and need no declaration. */
const needsDeclaration = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Enforces every route's declaration with one hook: 'self' and 'admin' routes authenticate before the
 * body is read (401), 'admin' routes refuse other users (403). An API route that declares nothing stops
 * the server at start-up. Returns the declarations, which the authorization test reads.
 */
export function enforceRouteAccess(app: FastifyInstance, deps: AppDeps): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest('session', null);
  app.addHook('onRoute', (route) => {
    if (!needsDeclaration(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url} declares no access (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, access });
    }
    if (access === 'public') return;
    const check = async (request: FastifyRequest) => {
      request.session = await requireSession(deps, request);
      if (access === 'admin' && request.session.user.role !== 'admin') {
        throw forbidden(ADMIN_MESSAGES.adminsOnly, 'admins_only');
      }
    };
    // First, so that no other hook of the route (a turn, a parse) runs for a caller who may not call it.
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
  return declared;
}

/** The session of a 'self' or 'admin' route (set by enforceRouteAccess before the handler runs). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error(`${request.method} ${request.url} is not declared 'self' or 'admin'`);
  return request.session;
}

/** The signed-in user of a 'self' or 'admin' route. */
export function userOf(request: FastifyRequest): UserRow {
  return sessionOf(request).user;
}
