import { IconGift } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// The gift cards feature's pages and sidebar entry; app/router.tsx lists the features.

export const giftCardsFeature: Feature = {
  name: 'gift-cards',
  routes: {
    signedIn: [
      pageRoute('/gift-cards', () => import('./gift-cards-page'), 'GiftCardsPage', { resource: 'giftcards' }),
      pageRoute(
        '/gift-cards/templates',
        () => import('./gift-card-templates-page'),
        'GiftCardTemplatesPage',
        {
          resource: 'giftcards',
        },
      ),
      pageRoute('/gift-cards/:id', () => import('./gift-card-detail-page'), 'GiftCardDetailPage', {
        resource: 'giftcards',
      }),
    ],
    // A recipient's card page (the signed link in their e-mail) and the balance check: no sign-in.
    open: [
      pageRoute('/gift/:token', () => import('./public/public-card-page'), 'PublicCardPage', {
        fullScreen: true,
      }),
      pageRoute('/gift-card-balance', () => import('./public/balance-check-page'), 'BalanceCheckPage', {
        fullScreen: true,
      }),
    ],
  },
  menu: [
    {
      order: 60,
      label: 'Gift cards',
      path: '/gift-cards',
      icon: IconGift,
      resource: 'giftcards',
      description: 'Issue gift cards, check balances and the ledger, templates and the amount still owed.',
      userTypes: ['admin', 'employee'],
    },
  ],
};
