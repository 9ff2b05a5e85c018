import { BASE_RESOURCE, STAFF_TYPES } from '@opsuite/shared/rules/permissions';
import { IconHome } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// Home's pages and sidebar entries, as the app shell (app/router.tsx) lists them.

export const homeFeature: Feature = {
  name: 'home',
  routes: {
    signedIn: [pageRoute({ index: true }, () => import('./home-page'), 'HomePage', { adminLanding: true })],
  },
  menu: [
    {
      order: 0,
      label: 'Home',
      path: '/',
      icon: IconHome,
      resource: BASE_RESOURCE,
      userTypes: STAFF_TYPES,
    },
  ],
};
