import { Card, EmptyState } from '@mantine/core';
import { IconCreditCard, IconFileDollar, IconFileText } from '@tabler/icons-react';

const VIEWS = {
  contracts: {
    icon: IconFileText,
    title: 'No contracts yet',
    description: 'Contracts signed by this contact will be listed here once the documents module is set up.',
  },
  'payment-cards': {
    icon: IconCreditCard,
    title: 'No payment cards yet',
    description: 'Cards on file appear here once payments are set up for your organisation.',
  },
  invoices: {
    icon: IconFileDollar,
    title: 'No invoices yet',
    description: 'Invoices and subscription payments of this contact appear here once billing is set up.',
  },
} as const;

export type ModuleView = keyof typeof VIEWS;

/** Views filled by a later module (contracts, payment cards, invoices) show a clear empty state. */
export function ModuleEmptyTab({ view }: { view: ModuleView }) {
  const { icon: Icon, title, description } = VIEWS[view];
  return (
    <Card padding="xl">
      <EmptyState icon={<Icon size={32} />} title={title} description={description} />
    </Card>
  );
}
