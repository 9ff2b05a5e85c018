import type { App } from '../../../plugins/types.ts';
import { catalogRoutes } from '../settings/catalog.routes.ts';
import { poolRoutes } from './pool.routes.ts';
import { reportsRoutes } from './reports.routes.ts';
import { requestsRoutes } from './requests.routes.ts';
import { shiftsRoutes } from './shifts.routes.ts';

/** Every scheduling route: shifts, the pool, requests, budgets, attendance, the settings lists. */
export function scheduleModuleRoutes(app: App) {
  shiftsRoutes(app);
  poolRoutes(app);
  requestsRoutes(app);
  reportsRoutes(app);
  catalogRoutes(app);
}
