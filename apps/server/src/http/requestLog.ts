import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Request logs name the route pattern, never the raw URL (it may hold an e-mail) nor any body. */
export const requestSerializers = {
  req(request: { method: string; routeOptions?: { url?: string }; url: string }) {
    return { method: request.method, route: request.routeOptions?.url ?? 'unmatched' };
  },
};

/**
 * One log line per request, written when it is answered: method, route pattern, status and response time.
 * Fastify's own controller writes two ("incoming request", then "request completed" without the route), and
 * under load serializing and writing them is a visible share of the server's time. Errors are logged as
 * before: by the error handler (http/errors.ts), and here when the response itself failed.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

/**
 * A request the client gives up on before it is answered (a closed tab, a dropped connection) is never
 * completed, so it gets its own line: without it such a request would leave no trace at all.
 */
export function logAbortedRequests(app: FastifyInstance): void {
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted');
    done();
  });
}
