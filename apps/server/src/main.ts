import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { claimLease } from './db/sweepLease.ts';
import { sweepCodeTries } from './features/auth/codes.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl, { backgroundCheckpoints: true });
  await migrateToLatest(database);
  const { app, deps, sweeps } = await buildApp({ config, database });
  if (!config.serverSecret) {
    app.log.warn(
      'SERVER_SECRET is not set: the secret that keys codes is kept in the database, so a copy of the database could recover a live code. Set SERVER_SECRET before running in production (required when NODE_ENV=production).',
    );
  }

  // Every instance ticks; the lease lets one of them (whichever claims first) sweep each period.
  const period = config.sweepIntervalMs;
  const sweep = setInterval(() => {
    void (async () => {
      if (!(await claimLease(deps.db, 'sweep', deps.now(), period * 0.9))) return;
      await deps.limiter.sweep();
      await sweepCodeTries(deps);
      const removed = await sweeps.share.sweepExpired();
      app.log.info({ removedShareDocuments: removed }, 'sweep ran');
    })().catch((error: unknown) => app.log.warn({ err: error }, 'sweep failed'));
  }, period);
  sweep.unref();

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    clearInterval(sweep);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  app.log.info(`SAM is ready at http://${shown}:${config.port} (${database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
