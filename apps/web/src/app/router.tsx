import { createBrowserRouter, type RouteObject } from 'react-router';
import { authFeature } from '../features/auth';
import { billingFeature } from '../features/billing';
import { bookingFeature } from '../features/booking';
import { contactsFeature } from '../features/contacts';
import { giftCardsFeature } from '../features/gift-cards';
import { homeFeature } from '../features/home';
import { organizationsFeature } from '../features/organizations';
import { payrollFeature } from '../features/payroll';
import { portalFeature } from '../features/portal';
import { staffFeature } from '../features/staff';
import { setUnauthorizedHandler } from './api-client';
import { type Feature, Lazy, lazyPage, menuOf } from './feature';
import { MenuContext } from './menu';
import { PublicOnly, RequireAuth } from './route-guards';
import { SlotsContext, slotsOf } from './slots';
import { toast } from './toast';

/** The features of the app: each brings its routes and sidebar entries (app/feature.tsx). */
const FEATURES: readonly Feature[] = [
  authFeature,
  homeFeature,
  portalFeature,
  contactsFeature,
  billingFeature,
  bookingFeature,
  organizationsFeature,
  staffFeature,
  payrollFeature,
  giftCardsFeature,
];

/** The sidebar, and the cards on the admin home. */
export const MENU = menuOf(FEATURES);
/** The tabs and other places features fill on each other's screens. */
export const SLOTS = slotsOf(FEATURES);

const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');
const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');
const routesOf = (zone: keyof NonNullable<Feature['routes']>) =>
  FEATURES.flatMap((feature) => feature.routes?.[zone] ?? []);

export const routes: RouteObject[] = [
  { element: <PublicOnly />, children: routesOf('signedOut') },
  {
    element: <RequireAuth />,
    children: [
      {
        element: (
          <MenuContext value={MENU}>
            <SlotsContext value={SLOTS}>
              <Lazy page={AppLayout} fullScreen />
            </SlotsContext>
          </MenuContext>
        ),
        children: routesOf('signedIn'),
      },
    ],
  },
  ...routesOf('open'),
  { path: '*', element: <Lazy page={NotFoundPage} fullScreen /> },
];

export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler((message) => {
    toast.warning(message);
    if (window.location.pathname !== '/login') void router.navigate('/login', { replace: true });
  });
  return router;
}
