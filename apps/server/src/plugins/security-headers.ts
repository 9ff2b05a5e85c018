import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

// Helmet's security headers (CSP and the rest) on every answer. They never vary by request, so
// they are computed once at start-up by running helmet's own middleware against a recorder, and
// each answer gets the finished set. @fastify/helmet rebuilt helmet, CSP directives included, on
// every request: about 3% of all CPU samples during a kiosk run.

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      workerSrc: ["'self'", 'blob:'],
    },
  },
};

/**
 * With Stripe as the card provider, its card element runs Stripe.js from js.stripe.com in frames
 * of its own and talks to api.stripe.com (Stripe's documented CSP); the sandbox needs none of it.
 */
export function withStripe(options: HelmetOptions): HelmetOptions {
  const csp = options.contentSecurityPolicy;
  const directives = (csp && typeof csp === 'object' ? csp.directives : {}) ?? {};
  const list = (name: string) => (directives[name] as string[] | undefined) ?? ["'self'"];
  return {
    ...options,
    contentSecurityPolicy: {
      directives: {
        ...directives,
        scriptSrc: [...list('scriptSrc'), 'https://js.stripe.com'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connectSrc: [...list('connectSrc'), 'https://api.stripe.com'],
      },
    },
  };
}

/** The headers helmet sets with these options, in the order it sets them. */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let failed: unknown = null;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return headers;
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const stripe = app.services?.config.paymentsProvider === 'stripe';
  const headers = securityHeaders(stripe ? withStripe(HELMET_OPTIONS) : HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
