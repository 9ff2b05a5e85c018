import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Every answer says how long the server took over it, from the request read to the answer
// written out (`Server-Timing: app;dur=12.3`, milliseconds; browsers show it in their network
// panel). This is the server's own latency, without the time a request waited in the network or
// in a busy client: `npm run bench` reads it for the kiosk's server p99. Sign-in takes the same
// time for an unknown e-mail as for a wrong password (passwords.ts), so it tells nothing more.

export const serverTimingPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    done(null, payload);
  });
});
