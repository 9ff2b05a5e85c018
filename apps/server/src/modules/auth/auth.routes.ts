import {
  okBody,
  refreshBody,
  resetPasswordBody,
  sendResetCodeBody,
  signoutBody,
  tokensAnswer,
} from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { resetPassword, sendResetCode } from './password-reset.service.ts';
import { rotateRefreshToken, signOut } from './refresh-tokens.service.ts';
import type { ResetCodeSender } from './reset-mail.ts';

// Token refresh, sign-out and password reset. Sign-in and sign-up answer with the session, so
// they are the accounts module's routes (they call checkCredentials and issueTokens).

export function authRoutes(app: App, resetCodes: ResetCodeSender) {
  const { services } = app;

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
      await signOut(services, req.userId!, req.sessionId, req.body.refreshToken);
      return { success: true as const, message: 'Successfully signed out' };
    },
  );

  app.post(
    '/auth/send-reset-code',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], body: sendResetCodeBody, response: { 200: okBody } },
    },
    async (req) => {
      await sendResetCode(services, resetCodes, req.body.email, req.ip);
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
