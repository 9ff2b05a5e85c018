// The baseline: a bare Fastify JSON answer, the ceiling every figure is compared with.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/json', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3201), host: '127.0.0.1' });
console.log('ready');
