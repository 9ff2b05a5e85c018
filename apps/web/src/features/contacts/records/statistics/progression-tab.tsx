import { Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { Section } from '../../../../components/section';
import { rankPositionText } from '../../contact-text';
import type { Contact } from '../../contacts.types';
import { useProgressionStatistics } from '../records.api';
import { QualifiedProgressionView } from './qualification-views';
import { QualifiedProgramView } from './qualified-program-view';

/** The contact's rank on their category's ladder, with how many members hold each rank. */
export function ProgressionView({ contact }: { contact: Contact }) {
  const rank = contact.currentRank;
  const stats = useProgressionStatistics(rank?.categoryId);
  const category = stats.data?.list.find((c) => c.categoryId === rank?.categoryId);
  const ranks = [...(category?.ranks ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const current = ranks.findIndex((r) => r._id === contact.rankId);
  return (
    <Section title="Progression" description={rank ? `${rank.categoryName}: ${rank.rankName}` : undefined}>
      {!rank && <Text c="dimmed">No rank yet. Give the contact a rank to follow their progression.</Text>}
      {rank && stats.isPending && <Loader size="sm" />}
      {rank && category && (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {rankPositionText(current + 1, ranks.length, category.total, category.categoryName)}
          </Text>
          <Group gap="xs">
            {ranks.map((r, index) => (
              <Badge
                key={r._id}
                size="lg"
                tt="none"
                variant={index === current ? 'filled' : index < current ? 'light' : 'outline'}
                color={index <= current ? 'brand' : 'gray'}
                rightSection={
                  <Text span size="xs">
                    {r.count}
                  </Text>
                }
                aria-current={index === current ? 'step' : undefined}
              >
                {r.rankName}
              </Badge>
            ))}
          </Group>
        </Stack>
      )}
    </Section>
  );
}

/** Qualified progression and qualified program, from the booking module's attendance. */
export function QualificationView({
  view,
  contact,
}: {
  view: 'qualified-progression' | 'qualified-program';
  contact: Contact;
}) {
  return view === 'qualified-progression' ? (
    <QualifiedProgressionView contact={contact} />
  ) : (
    <QualifiedProgramView contact={contact} />
  );
}
