import { ActionIcon, Alert, Badge, Button, Group, Loader, Menu, Paper, Stack, Text } from '@mantine/core';
import type { ContractCreateBody } from '@opsuite/shared';
import {
  IconDots,
  IconFileText,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSignature,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { formatDay } from '../../../app/zone-time';
import { confirmAction } from '../../../components/confirm';
import { Section } from '../../../components/section';
import { type Contract, useContractMutations, useContracts } from '../billing.api';
import { useContractActions } from '../billing-actions.api';
import { CONTRACT_STATUS, formatCents, INTERVAL_LABELS, priceText } from '../billing-format';
import { AuthorizationModal } from './authorization-modal';
import { BillingSummary, ListPages } from './billing-parts';
import { ContractFormModal } from './contract-form-modal';
import { FreezeModal } from './freeze-modal';

interface Permissions {
  canWrite: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}

/** Membership agreements of a contact; the current one sets their plan and payment status. */
export function ContractsTab({
  contactId,
  canWrite,
  canUpdate,
  canDelete,
}: { contactId: string } & Permissions) {
  const [page, setPage] = useState(1);
  const contracts = useContracts(contactId, page);
  const { add, update, remove } = useContractMutations(contactId);
  const { thaw, cancel } = useContractActions(contactId);
  const [editing, setEditing] = useState<Contract | null | undefined>(undefined);
  const [freezing, setFreezing] = useState<Contract | null>(null);
  const [authorizing, setAuthorizing] = useState<Contract | null>(null);
  const list = contracts.data?.list ?? [];

  const done = (answer: { message: string }) => {
    toast.success(answer.message);
    setEditing(undefined);
  };
  const save = (body: ContractCreateBody) => {
    if (editing)
      update.mutate({ id: editing._id, body }, { onSuccess: done, onError: (e) => toastFailure(e) });
    else add.mutate(body, { onSuccess: done, onError: (e) => toastFailure(e) });
  };
  const notify = {
    onSuccess: (answer: { message: string }) => toast.success(answer.message),
    onError: (e: unknown) => toastFailure(e),
  };
  const confirm = (title: string, text: string, label: string, action: () => void) =>
    confirmAction({
      title,
      message: text,
      confirm: label,
      cancel: 'Keep it',
      onConfirm: action,
    });

  return (
    <Section
      title="Contracts"
      description="Membership agreements. The current contract sets the contact's plan and payment status."
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <BillingSummary billing={contracts.data?.billing} />
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
            Add contract
          </Button>
        )}
      </Group>
      {contracts.isPending && <Loader size="sm" mx="auto" aria-label="Loading contracts" />}
      {contracts.isError && (
        <Alert color="red" title="Unable to load contracts">
          {contracts.error.message}
        </Alert>
      )}
      {contracts.isSuccess && list.length === 0 && (
        <Stack align="center" gap={4} py="lg">
          <IconFileText size={32} color="var(--mantine-color-dimmed)" />
          <Text fw={600}>No contracts yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Add a membership contract to set this contact's plan and billing.
          </Text>
        </Stack>
      )}
      {list.map((contract) => (
        <ContractCard
          key={contract._id}
          contract={contract}
          canUpdate={canUpdate}
          canDelete={canDelete}
          onEdit={() => setEditing(contract)}
          onFreeze={() => setFreezing(contract)}
          onUnfreeze={() =>
            confirm(
              'Unfreeze contract',
              `Unfreeze "${contract.title}" today? Billing resumes, moved out by the paid days the freeze covered.`,
              'Unfreeze',
              () => thaw.mutate(contract, notify),
            )
          }
          onAuthorization={() => setAuthorizing(contract)}
          onCancel={() =>
            confirm(
              'Cancel contract',
              `Cancel "${contract.title}"? It is not billed again and ends when the period already paid ends. A cancelled contract cannot be reopened.`,
              'Cancel contract',
              () => cancel.mutate(contract, notify),
            )
          }
          onDelete={() =>
            confirm('Delete contract', `Delete "${contract.title}"? This cannot be undone.`, 'Delete', () =>
              remove.mutate(contract._id, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (e) => toastFailure(e),
              }),
            )
          }
        />
      ))}
      <ListPages
        page={page}
        totalPages={contracts.data?.pagination.totalPages ?? 1}
        onChange={setPage}
        label="Contracts"
      />
      <ContractFormModal
        opened={editing !== undefined}
        contract={editing ?? null}
        submitting={add.isPending || update.isPending}
        onClose={() => setEditing(undefined)}
        onSubmit={save}
      />
      <FreezeModal contactId={contactId} contract={freezing} onClose={() => setFreezing(null)} />
      <AuthorizationModal
        contactId={contactId}
        contract={authorizing}
        canSign={canUpdate}
        onClose={() => setAuthorizing(null)}
      />
    </Section>
  );
}

interface CardProps {
  contract: Contract;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onFreeze: () => void;
  onUnfreeze: () => void;
  onCancel: () => void;
  onDelete: () => void;
  onAuthorization: () => void;
}

function ContractCard({ contract, canUpdate, canDelete, ...on }: CardProps) {
  const status = CONTRACT_STATUS[contract.status];
  const open = contract.status === 'active' || contract.status === 'frozen';
  const dates = `${formatDay(contract.startDate)} – ${contract.endDate ? formatDay(contract.endDate) : 'no end date'}`;
  return (
    <Paper withBorder radius="md" p="md" data-contract-id={contract._id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {contract.title}
            </Text>
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
            {contract.isCurrent && (
              <Badge color="brand" variant="outline">
                Current
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {priceText(contract.amountCents, contract.billingInterval)} ·{' '}
            {INTERVAL_LABELS[contract.billingInterval]}
          </Text>
          <Text size="sm" c="dimmed">
            {dates}
            {contract.invoiceCount > 0 &&
              ` · ${contract.invoiceCount} ${contract.invoiceCount === 1 ? 'invoice' : 'invoices'}`}
          </Text>
          <BillingLine contract={contract} />
          {contract.notes && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {contract.notes}
            </Text>
          )}
        </Stack>
        {(canUpdate || canDelete || open) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${contract.title}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {canUpdate && (
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={on.onEdit}>
                  Edit
                </Menu.Item>
              )}
              {canUpdate && contract.status === 'active' && !contract.cancelsOn && (
                <Menu.Item leftSection={<IconPlayerPause size={16} />} onClick={on.onFreeze}>
                  Freeze
                </Menu.Item>
              )}
              {canUpdate && contract.status === 'frozen' && (
                <Menu.Item leftSection={<IconPlayerPlay size={16} />} onClick={on.onUnfreeze}>
                  Unfreeze
                </Menu.Item>
              )}
              {open && contract.billingInterval !== 'one_time' && (
                <Menu.Item leftSection={<IconSignature size={16} />} onClick={on.onAuthorization}>
                  Payment authorization
                </Menu.Item>
              )}
              {canUpdate && open && !contract.cancelsOn && (
                <Menu.Item leftSection={<IconX size={16} />} color="red" onClick={on.onCancel}>
                  Cancel contract
                </Menu.Item>
              )}
              {canDelete && (
                <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={on.onDelete}>
                  Delete
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}

/** When the contract bills next, or why it does not: frozen until a day, ending after a cancellation. */
function BillingLine({ contract }: { contract: Contract }) {
  const parts: string[] = [];
  if (contract.signUpFeeCents > 0) parts.push(`Sign-up fee ${formatCents(contract.signUpFeeCents)}`);
  if (contract.freeze) {
    parts.push(
      contract.freeze.end ? `Frozen until ${formatDay(contract.freeze.end)}` : 'Frozen until unfrozen',
    );
    if (contract.nextBillDay) parts.push(`billing resumes ${formatDay(contract.nextBillDay)}`);
  } else if (contract.cancelsOn) {
    parts.push(`Cancelled: ends ${formatDay(contract.cancelsOn)}, not billed again`);
  } else if (contract.nextBillDay && contract.status === 'active') {
    parts.push(`Next bill ${formatDay(contract.nextBillDay)}`);
  }
  if (parts.length === 0) return null;
  return (
    <Text
      size="sm"
      c={contract.cancelsOn ? 'orange' : contract.freeze ? 'cyan' : undefined}
      data-billing-line
    >
      {parts.join(' · ')}
    </Text>
  );
}
