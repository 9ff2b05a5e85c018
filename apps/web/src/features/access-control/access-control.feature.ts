import { BASE_RESOURCE } from '@opsuite/shared/rules/permissions';
import { IconId } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// Access control's pages and sidebar entries, as the app shell (app/router.tsx) lists them.

export const accessControlFeature: Feature = {
  name: 'access-control',
  routes: {
    signedIn: [pageRoute('/access-control', () => import('./access-control-page'), 'AccessControlPage')],
  },
  menu: [
    {
      order: 10,
      label: 'My membership',
      path: '/access-control',
      icon: IconId,
      resource: BASE_RESOURCE,
      userTypes: ['client'],
    },
  ],
};
