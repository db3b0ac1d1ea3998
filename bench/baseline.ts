// The throughput baseline: the cheapest Fastify route there is, on the same machine and Node.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
// The same answer to a POST, whose JSON body Fastify reads and parses: what a save's body costs alone.
app.post('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
