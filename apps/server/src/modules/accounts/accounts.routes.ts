import { loginAnswer, loginBody, registerBody, sessionAnswer as sessionAnswerSchema } from '@opsuite/shared';
import { rateLimited } from '../../lib/rate-limiter.ts';
import type { App } from '../../plugins/types.ts';
import { checkCredentials } from '../auth/index.ts';
import { sessionAnswer, signedInAnswer } from './session.service.ts';
import { signUp } from './sign-up.service.ts';

const REGISTER_MAX_PER_HOUR = 10;

export function accountsRoutes(app: App) {
  const { services } = app;

  app.post(
    '/jwt/login',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: loginBody, response: { 200: loginAnswer } },
    },
    async (req) => signedInAnswer(services, await checkCredentials(services, req.body, req.ip)),
  );

  app.post(
    '/jwt/register',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: registerBody, response: { 200: loginAnswer } },
    },
    async (req) => {
      const hit = await services.limiter.hit(`register:${req.ip}`, 60 * 60_000);
      if (hit.count > REGISTER_MAX_PER_HOUR) throw rateLimited(hit.resetMs, 'sign-ups from this address');
      return signUp(services, req.body);
    },
  );

  app.get(
    '/auth/session',
    {
      config: { auth: 'tenant', permission: { resource: 'base', action: 'read' }, systemReads: true },
      schema: { tags: ['auth'], response: { 200: sessionAnswerSchema } },
    },
    (req) => sessionAnswer(services.database, req.ctx!),
  );
}
