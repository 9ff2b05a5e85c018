import { IconSettings } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// Organisations's pages and sidebar entries, as the app shell (app/router.tsx) lists them.

export const organizationsFeature: Feature = {
  name: 'organizations',
  routes: {
    signedIn: [
      pageRoute(
        '/settings/organization',
        () => import('./organization-settings-page'),
        'OrganizationSettingsPage',
        { resource: 'settings', adminOnly: true },
      ),
    ],
  },
  menu: [
    {
      order: 90,
      label: 'Organisation settings',
      path: '/settings/organization',
      icon: IconSettings,
      resource: 'settings',
      description: 'Name, theme colour, logo, time zone and data visibility.',
    },
  ],
};
