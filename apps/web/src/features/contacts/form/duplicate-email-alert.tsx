import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../../../app/api-client';

// Manual add with an e-mail a saved contact has: the server answers 409 naming that contact, and
// the form warns, offering to open it or to add the new contact anyway.

export interface DuplicateEmail {
  contactId: string;
  fullName: string;
}

/** The saved contact a 409 of contact/add names, or null for any other failure. */
export function duplicateEmailOf(error: unknown): DuplicateEmail | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !Array.isArray(error.details)) return null;
  const item = (error.details as { field?: unknown; contactId?: unknown; fullName?: unknown }[])[0];
  if (item?.field !== 'email' || typeof item.contactId !== 'string') return null;
  return { contactId: item.contactId, fullName: typeof item.fullName === 'string' ? item.fullName : '' };
}

export function DuplicateEmailAlert({
  duplicate,
  onOpen,
  onAddAnyway,
  adding,
}: {
  duplicate: DuplicateEmail;
  onOpen: () => void;
  onAddAnyway: () => void;
  adding: boolean;
}) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title="A contact with this email already exists"
      data-testid="duplicate-email"
    >
      <Text size="sm">
        {duplicate.fullName ? `${duplicate.fullName} has this email.` : 'A saved contact has this email.'}{' '}
        Open that contact instead, or add a new one anyway.
      </Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={onOpen}>
          Open existing contact
        </Button>
        <Button size="xs" variant="default" onClick={onAddAnyway} loading={adding}>
          Add anyway
        </Button>
      </Group>
    </Alert>
  );
}
