import { Alert, Anchor, Breadcrumbs, Button, Select, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can } from '@opsuite/shared/rules/permissions';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client';
import { useSession } from '../../../app/auth-store';
import { useIsPhone } from '../../../app/use-is-phone';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { ContractsTab, InvoicesTab, PaymentCardsTab } from '../../billing';
import { useContact } from '../contacts.api';
import { ContactFormDrawer } from '../form/contact-form-drawer';
import { useConfirmedDelete } from '../list/bulk-actions';
import { useContactLookups } from '../use-contact-lookups';
import { ActivityTab } from './activity-tab';
import { ContactHeader } from './contact-header';
import { ContactOverview } from './contact-overview';
import { FilesTab } from './files-tab';
import { NotesTab } from './notes-tab';
import { StatisticsTab } from './statistics/statistics-tab';

/** The contact views of core §2, in order; the address keeps the open one (?view=notes). */
export const CONTACT_VIEWS = [
  { value: 'overview', label: 'Overview' },
  { value: 'retention', label: 'Retention' },
  { value: 'birthday', label: 'Birthday' },
  { value: 'progression', label: 'Progression' },
  { value: 'qualified-progression', label: 'Qualified progression' },
  { value: 'qualified-program', label: 'Qualified program' },
  { value: 'files', label: 'Files' },
  { value: 'notes', label: 'Notes' },
  { value: 'contracts', label: 'Contracts' },
  { value: 'payment-cards', label: 'Payment cards' },
  { value: 'activity', label: 'Activity' },
  { value: 'invoices', label: 'Invoices' },
] as const;
type View = (typeof CONTACT_VIEWS)[number]['value'];
/** The views that show money: only with the billing permission. */
const MONEY_VIEWS: readonly View[] = ['contracts', 'payment-cards', 'invoices'];

function isView(value: string | null): value is View {
  return CONTACT_VIEWS.some((view) => view.value === value);
}

/** /contacts/:id: one contact with its views. */
export function ContactPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const contact = useContact(id);
  const lookups = useContactLookups();
  const [editOpened, edit] = useDisclosure(false);
  const remove = useConfirmedDelete('contact-page', () => navigate('/contacts', { replace: true }));
  const requested = params.get('view');
  const asked: View = isView(requested) ? requested : 'overview';
  const setView = (next: string | null) => {
    if (!isView(next)) return;
    setParams(next === 'overview' ? {} : { view: next }, { replace: true });
  };

  const ability = session?.userData.ability ?? [];
  const canWrite = can(ability, 'write', 'contacts');
  const canUpdate = can(ability, 'update', 'contacts');
  const canDelete = can(ability, 'delete', 'contacts');
  // Money tabs and actions follow the billing permission (read shows the tabs; write adds
  // invoices and contracts and charges; update marks paid, freezes, edits cards; delete refunds
  // and removes).
  const money = {
    canWrite: can(ability, 'write', 'billing'),
    canUpdate: can(ability, 'update', 'billing'),
    canDelete: can(ability, 'delete', 'billing'),
  };
  const views = CONTACT_VIEWS.filter(
    (v) => can(ability, 'read', 'billing') || !MONEY_VIEWS.includes(v.value),
  );
  const view: View = views.some((v) => v.value === asked) ? asked : 'overview';

  if (contact.isPending) return <LoadingSpinner />;
  if (contact.isError) {
    const missing = contact.error instanceof ApiError && contact.error.status === 404;
    return (
      <Stack maw={600} mx="auto" mt="xl">
        <Alert
          color={missing ? 'gray' : 'red'}
          title={missing ? 'Contact not found' : 'Unable to load contact'}
        >
          {missing ? 'This contact does not exist or was deleted.' : contact.error.message}
        </Alert>
        <Button component={Link} to="/contacts" variant="light" leftSection={<IconArrowLeft size={16} />}>
          Back to contacts
        </Button>
      </Stack>
    );
  }
  const data = contact.data;
  const customFields = lookups.fields.filter((field) => field.key.startsWith('custom:'));

  const panel = (() => {
    switch (view) {
      case 'overview':
        return <ContactOverview contact={data} customFields={customFields} canEditFamily={canWrite} />;
      case 'files':
        return <FilesTab contactId={data._id} canWrite={canWrite} />;
      case 'notes':
        return <NotesTab contactId={data._id} canWrite={canWrite} />;
      case 'activity':
        return <ActivityTab contactId={data._id} />;
      case 'payment-cards':
        return (
          <PaymentCardsTab contactId={data._id} canUpdate={money.canUpdate} canDelete={money.canDelete} />
        );
      case 'contracts':
        return <ContractsTab contactId={id} {...money} />;
      case 'invoices':
        return <InvoicesTab contactId={id} {...money} />;
      default:
        return <StatisticsTab view={view} contact={data} />;
    }
  })();

  return (
    <Stack gap={0} maw={1400} mx="auto">
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to="/contacts" size="sm">
          Contacts
        </Anchor>
        <Text size="sm" truncate maw={260}>
          {data.fullName}
        </Text>
      </Breadcrumbs>
      <ContactHeader
        contact={data}
        onEdit={canUpdate ? edit.open : undefined}
        onDelete={canDelete ? () => remove([data._id]) : undefined}
      />
      {isPhone ? (
        <Select
          aria-label="Contact view"
          data={views.map((v) => ({ value: v.value, label: v.label }))}
          value={view}
          onChange={setView}
          allowDeselect={false}
          mb="md"
        />
      ) : (
        <Tabs value={view} onChange={setView} mb="md" keepMounted={false} variant="pills" radius="xl">
          <Tabs.List>
            {views.map((v) => (
              <Tabs.Tab key={v.value} value={v.value}>
                {v.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      <div role="tabpanel" aria-label={views.find((v) => v.value === view)?.label}>
        {panel}
      </div>
      <ContactFormDrawer opened={editOpened} onClose={edit.close} contact={data} />
    </Stack>
  );
}
