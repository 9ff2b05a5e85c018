import { can } from '@opsuite/shared/rules/permissions';
import { useSession } from '../../app/auth-store';
import type { ContactTabProps } from '../../app/slots';
import { ContractsTab } from './components/contracts-tab';
import { InvoicesTab } from './components/invoices-tab';
import { PaymentCardsTab } from './components/payment-cards-tab';

// Billing's tabs on the contact page (filled through billing.feature.ts). Reading billing shows
// them; write adds invoices and contracts and charges; update marks paid, freezes and edits cards;
// delete refunds and removes.

function useMoneyPowers() {
  const ability = useSession()?.userData.ability ?? [];
  return {
    canWrite: can(ability, 'write', 'billing'),
    canUpdate: can(ability, 'update', 'billing'),
    canDelete: can(ability, 'delete', 'billing'),
  };
}

export function ContactContracts({ contact }: ContactTabProps) {
  return <ContractsTab contactId={contact._id} {...useMoneyPowers()} />;
}

export function ContactInvoices({ contact }: ContactTabProps) {
  return <InvoicesTab contactId={contact._id} {...useMoneyPowers()} />;
}

export function ContactPaymentCards({ contact }: ContactTabProps) {
  const { canUpdate, canDelete } = useMoneyPowers();
  return <PaymentCardsTab contactId={contact._id} canUpdate={canUpdate} canDelete={canDelete} />;
}
