import pino from 'pino';

/**
 * Where the server's log lines go: standard output, in two ways (decision 32).
 *
 * - Lines below `warn` (one per request, the sweeps) are written in the background: a line waits in a
 *   buffer while the one before is being written, and several are written at once, so a request does not
 *   wait for the output. What is still in the buffer is written when the process exits: the server's stop
 *   on SIGTERM or SIGINT, and a crash. Only a kill that skips exit handlers (SIGKILL, the machine going
 *   down) loses it.
 * - Warnings and errors are written at once, before the code that logged them goes on, so they are never
 *   lost. They may therefore come out before request lines logged just before them; each line has its time.
 */
export function logDestination(): pino.MultiStreamRes {
  return pino.multistream(
    [
      { level: 'trace', stream: pino.destination({ dest: 1, sync: false }) },
      { level: 'warn', stream: pino.destination({ dest: 1, sync: true }) },
    ],
    { dedupe: true },
  );
}
