import { Accordion, Alert, Badge, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { failureText } from '../../../app/toast';
import { formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { ListPages } from '../components/billing-parts';
import { useBillingEmails } from './overview.api';

// The billing e-mails members were sent (receipts, failed-payment notices with the link to pay),
// newest first, readable here; in development they are also written to DATA_DIR/outbox.

const KINDS: Record<string, { label: string; color: string }> = {
  receipt: { label: 'Receipt', color: 'green' },
  refund: { label: 'Refund', color: 'orange' },
  'payment-failed': { label: 'Payment failed', color: 'red' },
  'final-notice': { label: 'Final notice', color: 'red' },
  'no-card': { label: 'No card', color: 'gray' },
};

export function BillingEmails() {
  const timeZone = useOrganizationTimeZone();
  const [page, setPage] = useState(1);
  const emails = useBillingEmails(page);
  const list = emails.data?.list ?? [];
  return (
    <Paper withBorder radius="md" p="md" aria-label="Billing e-mails">
      <Stack gap="sm">
        <div>
          <Text fw={600}>Billing e-mails</Text>
          <Text size="sm" c="dimmed">
            What members were told: receipts, failed charges and the link to pay in the member portal.
          </Text>
        </div>
        {emails.isPending && <Loader size="sm" mx="auto" aria-label="Loading e-mails" />}
        {emails.isError && <Alert color="red">{failureText(emails.error, 'Unable to load e-mails')}</Alert>}
        {emails.isSuccess && list.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No billing e-mails yet.
          </Text>
        )}
        {list.length > 0 && (
          <Accordion variant="separated" chevronPosition="left">
            {list.map((mail) => {
              const kind = KINDS[mail.kind] ?? { label: mail.kind, color: 'gray' };
              return (
                <Accordion.Item key={mail._id} value={mail._id}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={0} miw={0} style={{ flex: '1 1 240px' }}>
                        <Text size="sm" fw={500} lineClamp={1}>
                          {mail.subject}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {mail.to} · {formatInstant(mail.createdAt, timeZone)}
                        </Text>
                      </Stack>
                      <Group gap={6}>
                        <Badge size="sm" variant="light" color={kind.color}>
                          {kind.label}
                        </Badge>
                        {!mail.sentAt && (
                          <Badge size="sm" variant="outline" color="gray">
                            Queued
                          </Badge>
                        )}
                      </Group>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {mail.text}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
        <ListPages
          page={page}
          totalPages={emails.data?.pagination.totalPages ?? 1}
          onChange={setPage}
          label="E-mails"
        />
      </Stack>
    </Paper>
  );
}
