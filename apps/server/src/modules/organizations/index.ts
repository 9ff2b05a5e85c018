// Organisations (the tenants), their plan and settings, and memberships of users in them.
import type { App } from '../../plugins/types.ts';
import { organizationsRoutes } from './organizations.routes.ts';

export function register(app: App) {
  organizationsRoutes(app);
}
