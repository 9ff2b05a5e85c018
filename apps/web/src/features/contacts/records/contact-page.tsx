import { Alert, Anchor, Breadcrumbs, Button, Select, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { can } from '@opsuite/shared/rules/permissions';
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../app/api-client';
import { useSession } from '../../../app/auth-store';
import { useSlots } from '../../../app/slots';
import { useIsPhone } from '../../../app/use-is-phone';
import { LoadingSpinner } from '../../../components/loading-spinner';
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

/**
 * The contact page's own views, with their places among the tabs other features add (billing's
 * Contracts at 90, Payment cards at 100 and Invoices at 120 keep the product's order: overview,
 * the statistics views, files, notes, contracts, payment cards, activity, invoices). The address
 * keeps the open one (?view=notes).
 */
export const CONTACT_VIEWS = [
  { value: 'overview', label: 'Overview', order: 10 },
  { value: 'retention', label: 'Retention', order: 20 },
  { value: 'birthday', label: 'Birthday', order: 30 },
  { value: 'progression', label: 'Progression', order: 40 },
  { value: 'qualified-progression', label: 'Qualified progression', order: 50 },
  { value: 'qualified-program', label: 'Qualified program', order: 60 },
  { value: 'files', label: 'Files', order: 70 },
  { value: 'notes', label: 'Notes', order: 80 },
  { value: 'activity', label: 'Activity', order: 110 },
] as const;
type OwnView = (typeof CONTACT_VIEWS)[number]['value'];
const isOwnView = (value: string): value is OwnView => CONTACT_VIEWS.some((v) => v.value === value);

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
  const ability = session?.userData.ability ?? [];
  const added = useSlots().contactTabs.filter((tab) => !tab.resource || can(ability, 'read', tab.resource));
  const views = [...CONTACT_VIEWS, ...added].sort((a, b) => a.order - b.order);
  const requested = params.get('view');
  const view = views.find((v) => v.value === requested)?.value ?? 'overview';
  const setView = (next: string | null) => {
    if (!next || !views.some((v) => v.value === next)) return;
    setParams(next === 'overview' ? {} : { view: next }, { replace: true });
  };

  const canWrite = can(ability, 'write', 'contacts');
  const canUpdate = can(ability, 'update', 'contacts');
  const canDelete = can(ability, 'delete', 'contacts');

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
    const slot = added.find((tab) => tab.value === view);
    if (slot) {
      return (
        <Suspense fallback={<LoadingSpinner />}>
          <slot.view contact={data} />
        </Suspense>
      );
    }
    if (!isOwnView(view)) return null;
    switch (view) {
      case 'overview':
        return <ContactOverview contact={data} customFields={customFields} canEditFamily={canWrite} />;
      case 'files':
        return <FilesTab contactId={data._id} canWrite={canWrite} />;
      case 'notes':
        return <NotesTab contactId={data._id} canWrite={canWrite} />;
      case 'activity':
        return <ActivityTab contactId={data._id} />;
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
