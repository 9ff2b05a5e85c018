import { Card, Grid, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDay } from '../../../app/zone-time';
import { TagBadges, ZonedDate } from '../contact-cells';
import type { Contact, ContactField } from '../contacts.types';
import { PaymentBadge, planText } from '../payment-status';
import { FamilyCard } from './family-card';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children || '—'}
      </Text>
    </Stack>
  );
}

function customText(value: Contact['customFields'][string] | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** The overview view: the contact's fields, tags, stage, rank and family members. */
export function ContactOverview({
  contact,
  customFields,
  canEditFamily,
}: {
  contact: Contact;
  customFields: ContactField[];
  canEditFamily: boolean;
}) {
  const address = contact.billingAddress;
  const addressText = address
    ? [
        address.street,
        address.street2,
        [address.zip, address.city].filter(Boolean).join(' '),
        address.state,
        address.country,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Card padding="lg">
          <Stack gap="md">
            <Title order={4}>Details</Title>
            <SimpleGrid cols={{ base: 2, lg: 3 }} spacing="md">
              <Fact label="Contact type">{contact.contactType?.name}</Fact>
              <Fact label="Stage">{contact.stage?.name}</Fact>
              <Fact label="Lead source">{contact.leadSource?.name}</Fact>
              <Fact label="Rank">
                {contact.currentRank
                  ? `${contact.currentRank.rankName} (${contact.currentRank.categoryName})`
                  : ''}
              </Fact>
              <Fact label="Plan">{planText(contact.plan)}</Fact>
              <Fact label="Payment status">
                <PaymentBadge status={contact.paymentStatus} />
              </Fact>
              <Fact label="Birthday">{formatDay(contact.birthday)}</Fact>
              <Fact label="Punch ID">{contact.punchId}</Fact>
              <Fact label="SMS">{contact.stopSms ? 'Opted out' : 'Allowed'}</Fact>
              <Fact label="Last attended">
                <ZonedDate iso={contact.lastAttendedAt} empty="—" />
              </Fact>
              <Fact label="Last contacted">
                <ZonedDate iso={contact.lastContactedAt} empty="—" />
              </Fact>
              <Fact label="Created">
                <ZonedDate iso={contact.createdAt} empty="—" />
              </Fact>
              {customFields.map((field) => (
                <Fact key={field._id} label={field.value}>
                  {customText(contact.customFields[field._id])}
                </Fact>
              ))}
            </SimpleGrid>
            <Fact label="Billing address">{addressText}</Fact>
            <Stack gap={4}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Tags
              </Text>
              {contact.tags.length > 0 ? (
                <TagBadges tags={contact.tags} max={50} wrap />
              ) : (
                <Text size="sm">—</Text>
              )}
            </Stack>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <FamilyCard contactId={contact._id} canEdit={canEditFamily} />
      </Grid.Col>
    </Grid>
  );
}
