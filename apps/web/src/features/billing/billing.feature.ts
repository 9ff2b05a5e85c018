import { IconReportMoney } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// Billing's pages and sidebar entries, as the app shell (app/router.tsx) lists them. A contact's
// contracts, invoices and cards are tabs of the contact page (contacts), built here.

export const billingFeature: Feature = {
  name: 'billing',
  routes: {
    signedIn: [
      pageRoute('/billing', () => import('./overview/billing-overview-page'), 'BillingOverviewPage', {
        resource: 'billing',
        adminOnly: true,
      }),
    ],
  },
  menu: [
    {
      order: 25,
      label: 'Billing',
      path: '/billing',
      icon: IconReportMoney,
      resource: 'billing',
      description: 'Money collected and owed, past-due members, billing e-mails and settings.',
      userTypes: ['admin'],
    },
  ],
};
