import { Alert, Button, Group, Loader, Paper, Progress, SimpleGrid, Text, Timeline } from '@mantine/core';
import type { ContactQualification, QualificationCheck } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import { IconAward, IconCheck, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../../../app/auth-store';
import { formatDateInZone, useOrganizationTimeZone } from '../../../../app/zone-time';
import { Section } from '../../../../components/section';
import { countNoun } from '../../contact-text';
import type { Contact } from '../../contacts.types';
import { RankRequirementsModal } from '../../settings/rank-requirements-modal';
import { useQualification } from '../records.api';
import { Figure } from './statistics-parts';

/** What is still missing, in words: "1 more class and 5 more days". */
export function missingText(check: QualificationCheck): string {
  const parts = [];
  if (check.classesRemaining > 0) parts.push(countNoun(check.classesRemaining, 'more class', 'more classes'));
  if (check.daysRemaining > 0) parts.push(countNoun(check.daysRemaining, 'more day', 'more days'));
  return parts.join(' and ');
}

function Meter({
  label,
  value,
  of,
  unit,
}: {
  label: string;
  value: number;
  of: number | null;
  unit: string;
}) {
  const percent = of === null ? 100 : of === 0 ? 100 : Math.min(100, (value / of) * 100);
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600} mt={4}>
        {of === null ? value : `${value} of ${of}`}
      </Text>
      <Text size="xs" c="dimmed">
        {of === null ? `No ${unit} requirement` : value >= of ? 'Requirement met' : `${of - value} to go`}
      </Text>
      {of !== null && (
        <Progress value={percent} color={value >= of ? 'green' : 'brand'} mt="xs" aria-label={label} />
      )}
    </Paper>
  );
}

function useQualificationView(contactId: string) {
  const query = useQualification(contactId);
  const canUpdate = can(useSession()?.userData.ability ?? [], 'update', 'contacts');
  return { query, canUpdate };
}

/** Whether the contact qualifies for their next rank, with the figures behind it. */
export function QualifiedProgressionView({ contact }: { contact: Contact }) {
  const timeZone = useOrganizationTimeZone();
  const { query, canUpdate } = useQualificationView(contact._id);
  const [editing, setEditing] = useState(false);
  const p = query.data?.progression;
  return (
    <Section
      title="Qualified progression"
      description="Whether the contact qualifies for their next rank, from classes attended and time in rank."
    >
      {query.isPending && <Loader size="sm" aria-label="Loading qualification" />}
      {query.isError && (
        <Alert color="red" title="Unable to load qualification">
          {query.error.message}
        </Alert>
      )}
      {p && !p.currentRank && (
        <Text c="dimmed">No rank yet. Give the contact a rank to follow their progression.</Text>
      )}
      {p?.currentRank && p.check && (
        <>
          <Verdict progression={p} name={contact.fullName} />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Figure
              label="Current rank"
              value={p.currentRank.name}
              hint={p.rankSince ? `Since ${formatDateInZone(p.rankSince, timeZone)}` : undefined}
            />
            <Figure label="Next rank" value={p.nextRank?.name ?? 'Top rank'} hint={p.category?.name} />
            <Meter
              label="Classes since rank"
              value={p.check.classesAttended}
              of={p.check.classesRequired}
              unit="class"
            />
            <Meter label="Days in rank" value={p.check.daysInRank} of={p.check.minDaysInRank} unit="time" />
          </SimpleGrid>
          {canUpdate && p.nextRank && (
            <Group>
              <Button
                variant="light"
                leftSection={<IconSettings size={16} />}
                onClick={() => setEditing(true)}
              >
                Requirements for {p.nextRank.name}
              </Button>
            </Group>
          )}
          {p.history.length > 0 && (
            <>
              <Text size="sm" fw={600}>
                Rank history
              </Text>
              <Timeline bulletSize={20} lineWidth={2} active={0}>
                {p.history.map((h) => (
                  <Timeline.Item
                    key={`${h.reachedAt}-${h.rankId}`}
                    bullet={<IconAward size={12} />}
                    title={h.rankName ?? (h.rankId ? 'Removed rank' : 'Rank removed')}
                  >
                    <Text size="xs" c="dimmed">
                      {formatDateInZone(h.reachedAt, timeZone)}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </>
          )}
          {p.nextRank && (
            <RankRequirementsModal opened={editing} rank={p.nextRank} onClose={() => setEditing(false)} />
          )}
        </>
      )}
    </Section>
  );
}

function Verdict({
  progression: p,
  name,
}: {
  progression: ContactQualification['progression'];
  name: string;
}) {
  const check = p.check!;
  if (!p.nextRank) {
    return (
      <Alert color="gray" variant="light" title="Top rank">
        {p.currentRank!.name} is the last rank of {p.category?.name}.
      </Alert>
    );
  }
  if (!check.hasRequirements) {
    return (
      <Alert color="gray" variant="light" title={`No requirements set for ${p.nextRank.name}`}>
        Set the classes and days {p.nextRank.name} needs to see whether {name} qualifies.
      </Alert>
    );
  }
  return check.qualifies ? (
    <Alert
      color="green"
      variant="light"
      icon={<IconCheck size={18} />}
      title={`Qualified for ${p.nextRank.name}`}
    >
      {name} meets every requirement for {p.nextRank.name}.
    </Alert>
  ) : (
    <Alert color="orange" variant="light" title={`Not yet qualified for ${p.nextRank.name}`}>
      {name} needs {missingText(check)}.
    </Alert>
  );
}
