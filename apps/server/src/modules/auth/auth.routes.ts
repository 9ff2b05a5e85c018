import {
  loginAnswer,
  loginBody,
  okBody,
  refreshBody,
  registerBody,
  resetPasswordBody,
  sendResetCodeBody,
  sessionAnswer as sessionAnswerSchema,
  signoutBody,
  tokensAnswer,
} from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { login, rateLimited, register } from './auth.service.ts';
import { resetPassword, sendResetCode } from './password-reset.service.ts';
import { revokeFamily, rotateRefreshToken } from './refresh-tokens.service.ts';
import { sessionAnswer } from './session.service.ts';

const REGISTER_MAX_PER_HOUR = 10;

export function authRoutes(app: App) {
  const { services } = app;

  app.post(
    '/jwt/login',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: loginBody, response: { 200: loginAnswer } },
    },
    (req) => login(services, req.body, req.ip),
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
      return register(services, req.body);
    },
  );

  const refresh = (req: { body: { refreshToken: string } }) =>
    rotateRefreshToken(services, req.body.refreshToken);
  for (const path of ['/jwt/refresh-token', '/auth/token-refresh']) {
    app.post(
      path,
      {
        config: { auth: 'public' },
        schema: { tags: ['auth'], body: refreshBody, response: { 200: tokensAnswer } },
      },
      refresh,
    );
  }

  app.post(
    '/auth/signout',
    {
      config: { auth: 'user', permission: 'self' },
      schema: { tags: ['auth'], body: signoutBody, response: { 200: okBody } },
    },
    async (req) => {
      await revokeFamily(services, req.body.refreshToken, req.userId!);
      return { success: true as const, message: 'Successfully signed out' };
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

  app.post(
    '/auth/send-reset-code',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: sendResetCodeBody, response: { 200: okBody } },
    },
    async (req) => {
      await sendResetCode(services, req.body.email, req.ip);
      return { success: true as const, message: 'If the address has an account, a code is on its way' };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: resetPasswordBody, response: { 200: okBody } },
    },
    async (req) => {
      await resetPassword(services, req.body, req.ip);
      return { success: true as const, message: 'Password updated' };
    },
  );
}
