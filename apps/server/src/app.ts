import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createFileStore, FileLinks, type FileStore } from './lib/files/index.ts';
import { fileLinkRoutes } from './lib/files/links.routes.ts';
import { LOG_SERIALIZERS } from './lib/log-redaction.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { Seams } from './lib/seams.ts';
import { TokenSigner } from './lib/tokens.ts';
import { ROLE_GRANTS } from './modules/accounts/index.ts';
import { DEFAULT_ROLE_GRANTS, MODULES } from './modules.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { RequestPace, requestPacePlugin } from './plugins/request-pace.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { serializerCompiler } from './plugins/serializer.ts';
import { serverTimingPlugin } from './plugins/server-timing.ts';
import { textInputPlugin } from './plugins/text-input.ts';
import type { App } from './plugins/types.ts';
import { webPlugin } from './plugins/web.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  limiter?: RateLimiter;
  /** A file store other than the configured one (tests). */
  files?: FileStore;
  logger?: FastifyServerOptions['logger'];
}

export interface RouteInfo {
  method: string;
  url: string;
  auth: string | undefined;
  permission: unknown;
  hasResponseSchema: boolean;
}

/** Whatever logger is asked for, errors in it are logged without the values of a failed query. */
function redactingLogger(logger: BuildOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...LOG_SERIALIZERS } };
}

export async function buildApp(opts: BuildOptions): Promise<App & { routeList: RouteInfo[] }> {
  const app = Fastify({
    logger: redactingLogger(opts.logger),
    // Off unless TRUST_PROXY says otherwise: a forged X-Forwarded-For must not change req.ip.
    trustProxy: opts.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    ajv: undefined,
    // Errors answered before routing (bad percent-encoding, an over-long path parameter) and
    // requests Node's parser refuses (oversized headers) keep the one error shape too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>() as App;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { config } = opts;
  const files = opts.files ?? createFileStore(config.files);
  app.decorate('services', {
    config,
    database: opts.database,
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
        log: (m) => app.log.info(m),
      }),
    limiter: opts.limiter ?? createRateLimiter(config.redisUrl),
    tokens: new TokenSigner(config.jwtSecret, config.accessTokenTtlSeconds),
    pace: new RequestPace(),
    files,
    fileLinks: new FileLinks(files, config.jwtSecret),
    seams: new Seams(),
  });

  const routeList: RouteInfo[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const response = (r.schema as { response?: Record<string, unknown> } | undefined)?.response;
      routeList.push({
        method,
        url: r.url,
        auth: r.config?.auth,
        permission: r.config?.permission,
        hasResponseSchema: !!response && Object.keys(response).some((k) => k.startsWith('2')),
      });
    }
  });

  await app.register(securityHeadersPlugin);
  await app.register(serverTimingPlugin);
  await app.register(requestPacePlugin);
  await app.register(errorsPlugin);
  await app.register(textInputPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(
    async (api) => {
      fileLinkRoutes(api as App);
      for (const m of MODULES) m.register(api as App);
      app.services.seams.add(ROLE_GRANTS, 'modules', DEFAULT_ROLE_GRANTS);
    },
    { prefix: '/api' },
  );
  await app.register(webPlugin);
  app.addHook('onClose', async () => {
    await app.services.limiter.close();
  });
  return Object.assign(app, { routeList });
}
