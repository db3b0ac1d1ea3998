import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/index.ts';
import { HOUR } from './http/rateLimit.ts';

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

  const sweep = setInterval(() => {
    deps.limiter.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'rate-limit sweep failed'));
    sweeps.share.sweepExpired().catch((error: unknown) => app.log.warn({ err: error }, 'share sweep failed'));
  }, HOUR);
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
