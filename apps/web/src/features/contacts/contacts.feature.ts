import { IconAddressBook, IconTags } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// Contacts's pages and sidebar entries, as the app shell (app/router.tsx) lists them.

const contacts = { resource: 'contacts' } as const;

export const contactsFeature: Feature = {
  name: 'contacts',
  routes: {
    signedIn: [
      pageRoute('/contacts', () => import('./list/contacts-list-page'), 'ContactsListPage', contacts),
      pageRoute(
        '/contacts/settings',
        () => import('./settings/contact-settings-page'),
        'ContactSettingsPage',
        contacts,
      ),
      pageRoute('/contacts/:id', () => import('./records/contact-page'), 'ContactPage', contacts),
    ],
  },
  menu: [
    {
      order: 20,
      label: 'Contacts',
      path: '/contacts',
      icon: IconAddressBook,
      resource: 'contacts',
      description: 'Clients, leads and employees with tags, stages, ranks, notes and files.',
    },
    {
      order: 21,
      label: 'Contact settings',
      path: '/contacts/settings',
      icon: IconTags,
      resource: 'contacts',
      description: 'Tags, stages, lead sources, ranks, contact types and fields.',
    },
  ],
};
