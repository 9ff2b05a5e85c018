import { IconReportMoney } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';
import { lazySlot } from '../../app/slots';

// Billing's pages and sidebar entries, as the app shell (app/router.tsx) lists them, and a
// contact's contracts, payment cards and invoices as tabs of the contact page (a slot).

const tab = (name: 'ContactContracts' | 'ContactInvoices' | 'ContactPaymentCards') =>
  lazySlot(() => import('./contact-tabs'), name);

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
  slots: {
    contactTabs: [
      {
        value: 'contracts',
        label: 'Contracts',
        order: 90,
        resource: 'billing',
        view: tab('ContactContracts'),
      },
      {
        value: 'payment-cards',
        label: 'Payment cards',
        order: 100,
        resource: 'billing',
        view: tab('ContactPaymentCards'),
      },
      { value: 'invoices', label: 'Invoices', order: 120, resource: 'billing', view: tab('ContactInvoices') },
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
