import { IconCash } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// The payroll feature's pages and sidebar entries; app/router.tsx lists the features.

export const payrollFeature: Feature = {
  name: 'payroll',
  routes: {
    signedIn: [
      pageRoute('/payroll', () => import('./payroll-page'), 'PayrollPage', {
        resource: 'payroll',
      }),
    ],
  },
  menu: [
    {
      order: 60,
      label: 'Payroll',
      path: '/payroll',
      icon: IconCash,
      resource: 'payroll',
      description: 'Salaries, pay runs and payroll reports.',
    },
  ],
};
