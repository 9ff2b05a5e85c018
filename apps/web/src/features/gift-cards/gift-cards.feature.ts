import { IconLayoutGrid } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// The gift cards feature's pages and sidebar entries; app/router.tsx lists the features.

export const giftCardsFeature: Feature = {
  name: 'gift-cards',
  routes: {
    signedIn: [
      pageRoute('/gift-cards', () => import('./gift-cards-page'), 'GiftCardsPage', {
        resource: 'giftcards',
      }),
    ],
  },
  menu: [
    {
      order: 60,
      label: 'Gift cards',
      path: '/gift-cards',
      icon: IconLayoutGrid,
      resource: 'giftcards',
      description: "The organisation's gift cards.",
    },
  ],
};
