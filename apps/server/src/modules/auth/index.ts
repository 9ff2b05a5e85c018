// Sign-in identities, tokens (access, rotating refresh families), password reset and the
// session answer every client keeps. Route guards live in plugins/auth.ts.
import type { App } from '../../plugins/types.ts';
import { authRoutes } from './auth.routes.ts';

export function register(app: App) {
  authRoutes(app);
}
