import { BASE_RESOURCE } from '@opsuite/shared/rules/permissions';
import { IconId } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// The member portal's page (a client's landing) and its sidebar entry.

export const portalFeature: Feature = {
  name: 'portal',
  routes: {
    signedIn: [pageRoute('/access-control', () => import('./portal-page'), 'PortalPage')],
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
