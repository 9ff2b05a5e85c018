import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './types.ts';

/** OpenAPI generated from the same zod contracts that validate requests; browsable at /docs. */
export const openapiPlugin = fp(async (app: App) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'OpSuite API', version: '0.1.0', description: 'Business management platform API' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
});
