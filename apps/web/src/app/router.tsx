import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingSpinner } from '../components/loading-spinner';
import { setUnauthorizedHandler } from './api-client';
import { AdminLanding, PublicOnly, RequireAbility, RequireAuth } from './route-guards';
import { toast } from './toast';

type Page = LazyExoticComponent<ComponentType>;

/** Route pages load on demand so the first paint only carries the shell. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): Page {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

function Lazy({ page: Component, fullScreen = false }: { page: Page; fullScreen?: boolean }) {
  return (
    <Suspense fallback={<LoadingSpinner fullScreen={fullScreen} />}>
      <Component />
    </Suspense>
  );
}

const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/forgot-password-page'),
  'ForgotPasswordPage',
);
const AppLayout = lazyPage(() => import('./layout/app-layout'), 'AppLayout');
const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');
const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const AccessControlPage = lazyPage(
  () => import('../features/access-control/access-control-page'),
  'AccessControlPage',
);
const ProfilePage = lazyPage(() => import('../features/auth/profile-page'), 'ProfilePage');
const OrganizationSettingsPage = lazyPage(
  () => import('../features/organizations/organization-settings-page'),
  'OrganizationSettingsPage',
);
const ContactsListPage = lazyPage(
  () => import('../features/contacts/contacts-list-page'),
  'ContactsListPage',
);
const ContactPage = lazyPage(() => import('../features/contacts/contact-page'), 'ContactPage');
const ContactSettingsPage = lazyPage(
  () => import('../features/contacts/contact-settings-page'),
  'ContactSettingsPage',
);
const CalendarPage = lazyPage(() => import('../features/booking/calendar-page'), 'CalendarPage');
const BookingSetupPage = lazyPage(() => import('../features/booking/booking-setup-page'), 'BookingSetupPage');
const DevicesPage = lazyPage(() => import('../features/booking/devices-page'), 'DevicesPage');
const ThemeSettingsPage = lazyPage(
  () => import('../features/booking/theme-settings-page'),
  'ThemeSettingsPage',
);
const PublicBookingPage = lazyPage(
  () => import('../features/booking/public/public-booking-page'),
  'PublicBookingPage',
);

export const routes: RouteObject[] = [
  {
    element: <PublicOnly />,
    children: [
      { path: '/login', element: <Lazy page={LoginPage} fullScreen /> },
      { path: '/register', element: <Lazy page={RegisterPage} fullScreen /> },
      { path: '/forgot-password', element: <Lazy page={ForgotPasswordPage} fullScreen /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <Lazy page={AppLayout} fullScreen />,
        children: [
          {
            index: true,
            element: (
              <AdminLanding>
                <Lazy page={HomePage} />
              </AdminLanding>
            ),
          },
          { path: '/access-control', element: <Lazy page={AccessControlPage} /> },
          { path: '/profile', element: <Lazy page={ProfilePage} /> },
          {
            path: '/contacts',
            element: (
              <RequireAbility resource="contacts">
                <Lazy page={ContactsListPage} />
              </RequireAbility>
            ),
          },
          {
            path: '/contacts/settings',
            element: (
              <RequireAbility resource="contacts">
                <Lazy page={ContactSettingsPage} />
              </RequireAbility>
            ),
          },
          {
            path: '/contacts/:id',
            element: (
              <RequireAbility resource="contacts">
                <Lazy page={ContactPage} />
              </RequireAbility>
            ),
          },
          {
            path: '/settings/organization',
            element: (
              <RequireAbility resource="settings" adminOnly>
                <Lazy page={OrganizationSettingsPage} />
              </RequireAbility>
            ),
          },
          {
            path: '/calendar',
            element: (
              <RequireAbility resource="calendar" adminOnly>
                <Lazy page={CalendarPage} />
              </RequireAbility>
            ),
          },
          {
            path: '/booking/setup',
            element: (
              <RequireAbility resource="booking" adminOnly>
                <Lazy page={BookingSetupPage} />
              </RequireAbility>
            ),
          },
          {
            path: '/booking/devices',
            element: (
              <RequireAbility resource="kiosk" adminOnly>
                <Lazy page={DevicesPage} />
              </RequireAbility>
            ),
          },
          {
            path: '/settings/check-in-theme',
            element: (
              <RequireAbility resource="settings" adminOnly>
                <Lazy page={ThemeSettingsPage} />
              </RequireAbility>
            ),
          },
        ],
      },
    ],
  },
  // A booking group's public page: open to visitors, signed in or not.
  { path: '/book/:slug', element: <Lazy page={PublicBookingPage} fullScreen /> },
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
