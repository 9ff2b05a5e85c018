// The member portal: the calls a member makes about their own records (classes, bookings and
// waitlist places, their check-in card, contracts, invoices and cards, profile and family), each
// bound to the contact of the member's role. Depends on booking, billing and contacts through
// their faces; it owns no tables.
import type { App } from '../../plugins/types.ts';
import { portalBillingRoutes } from './billing.routes.ts';
import { portalClassesRoutes } from './classes.routes.ts';
import { portalProfileRoutes } from './profile.routes.ts';

export function register(app: App) {
  portalClassesRoutes(app);
  portalBillingRoutes(app);
  portalProfileRoutes(app);
}
