import { can } from '@opsuite/shared/rules/permissions';
import { useParams } from 'react-router';
import { useSession } from '../../../app/auth-store';
import { ContractsTab } from './contracts-tab';
import { InvoicesTab } from './invoices-tab';

export type ModuleView = 'contracts' | 'invoices';

/** The billing views of the contact page (/contacts/:id): contracts and invoices. */
export function ContactModuleTab({ view }: { view: ModuleView }) {
  const { id = '' } = useParams();
  const ability = useSession()?.userData.ability ?? [];
  const permissions = {
    canWrite: can(ability, 'write', 'contacts'),
    canUpdate: can(ability, 'update', 'contacts'),
    canDelete: can(ability, 'delete', 'contacts'),
  };
  return view === 'contracts' ? (
    <ContractsTab contactId={id} {...permissions} />
  ) : (
    <InvoicesTab contactId={id} {...permissions} />
  );
}
