import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Whether people are using the server right now, for background work that paces itself (a
// billing run rests between its batches while requests are arriving, and runs flat out when
// none are). A route that only watches background work (a run's progress poll) says
// `config.background` and does not count.

export class RequestPace {
  /** When the last request that counts arrived (performance.now()). */
  lastAt = Number.NEGATIVE_INFINITY;

  /** A request arrived. */
  seen(now = performance.now()): void {
    this.lastAt = now;
  }

  /** A request arrived within the last `windowMs`. */
  busy(windowMs = 1000, now = performance.now()): boolean {
    return now - this.lastAt < windowMs;
  }
}

export const requestPacePlugin = fp(async (app: FastifyInstance) => {
  const { pace } = app.services;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config?.background) pace.seen();
    done();
  });
});
