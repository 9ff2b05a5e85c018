import { Alert, Loader, SimpleGrid, Text } from '@mantine/core';
import { plural } from '@opsuite/shared/rules/plural';
import dayjs from 'dayjs';
import { formatDay } from '../../../../app/zone-time';
import { Section } from '../../../../components/section';
import { ZonedDate } from '../../contact-cells';
import type { Contact } from '../../contacts.types';
import { useBirthdayStatistics, useRetentionStatistics } from '../records.api';
import { ageOn, daysAgo, daysUntilBirthday } from './contact-dates';
import { ProgressionView, QualificationView } from './progression-tab';
import { Figure, PeopleList } from './statistics-parts';

export type StatisticsView =
  | 'retention'
  | 'birthday'
  | 'progression'
  | 'qualified-progression'
  | 'qualified-program';

type Bucket =
  | 'attendedLast7Days'
  | 'attended8To30DaysAgo'
  | 'attended31To90DaysAgo'
  | 'attendedEarlier'
  | 'neverAttended';
const BUCKETS: [Bucket, string][] = [
  ['attendedLast7Days', 'Last 7 days'],
  ['attended8To30DaysAgo', '8 to 30 days ago'],
  ['attended31To90DaysAgo', '31 to 90 days ago'],
  ['attendedEarlier', 'Earlier'],
  ['neverAttended', 'Never attended'],
];

/** Which retention bucket a last-attended date falls in (the server's buckets). */
export function retentionBucket(lastAttendedAt: string | null, now = dayjs()): Bucket {
  if (!lastAttendedAt) return 'neverAttended';
  const days = now.diff(dayjs(lastAttendedAt), 'day', true);
  if (days < 7) return 'attendedLast7Days';
  if (days < 30) return 'attended8To30DaysAgo';
  if (days < 90) return 'attended31To90DaysAgo';
  return 'attendedEarlier';
}

function RetentionView({ contact }: { contact: Contact }) {
  const stats = useRetentionStatistics();
  const bucket = retentionBucket(contact.lastAttendedAt);
  const atRisk = stats.data?.atRisk.some((person) => person._id === contact._id) ?? false;
  return (
    <Section
      title="Retention"
      description="When this contact last came, and where that puts them among your members."
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Figure
          label="Last attended"
          value={<ZonedDate iso={contact.lastAttendedAt} empty="—" />}
          hint={daysAgo(contact.lastAttendedAt)}
        />
        <Figure
          label="Last contacted"
          value={<ZonedDate iso={contact.lastContactedAt} empty="—" />}
          hint={daysAgo(contact.lastContactedAt)}
        />
        <Figure
          label="Member since"
          value={<ZonedDate iso={contact.createdAt} empty="—" />}
          hint={daysAgo(contact.createdAt)}
        />
        <Figure
          label="Status"
          value={contact.isFormer ? 'Former' : contact.status === 'active' ? 'Active' : 'Inactive'}
        />
      </SimpleGrid>
      {atRisk && (
        <Alert color="orange" variant="light" title="At risk">
          An active member who has not come for 14 to 60 days.
        </Alert>
      )}
      {stats.isPending && <Loader size="sm" />}
      {stats.isError && <Text c="dimmed">Retention figures are not available right now.</Text>}
      {stats.data && (
        <>
          <Text size="sm" fw={600}>
            Members by last attendance
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
            {BUCKETS.map(([key, label]) => (
              <Figure
                key={key}
                label={label}
                value={stats.data[key]}
                highlight={key === bucket}
                hint={key === bucket ? 'This contact' : undefined}
              />
            ))}
          </SimpleGrid>
          {stats.data.atRisk.length > 0 && (
            <>
              <Text size="sm" fw={600}>
                At risk: last seen 14 to 60 days ago
              </Text>
              <PeopleList
                people={stats.data.atRisk}
                currentId={contact._id}
                detail={(person) => daysAgo(person.lastAttendedAt)}
              />
            </>
          )}
        </>
      )}
    </Section>
  );
}

function BirthdayView({ contact }: { contact: Contact }) {
  const month = contact.birthday ? dayjs(contact.birthday).month() + 1 : dayjs().month() + 1;
  const stats = useBirthdayStatistics(month);
  const until = daysUntilBirthday(contact.birthday);
  const monthName = dayjs()
    .month(month - 1)
    .format('MMMM');
  return (
    <Section title="Birthday">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Figure label="Birthday" value={formatDay(contact.birthday)} />
        <Figure label="Age" value={ageOn(contact.birthday)?.toString()} />
        <Figure
          label="Next birthday"
          value={until === null ? '' : until === 0 ? 'Today' : `In ${plural(until, 'day')}`}
        />
      </SimpleGrid>
      {stats.isPending && <Loader size="sm" />}
      {stats.data && (
        <>
          <Text size="sm" fw={600}>
            Birthdays in {monthName}: {stats.data.total}
            {stats.data.today > 0 ? ` (${stats.data.today} today)` : ''}
          </Text>
          {stats.data.list.length > 0 ? (
            <PeopleList
              people={stats.data.list}
              currentId={contact._id}
              detail={(p) => `${p.birthday ? dayjs(p.birthday).format('MMM D') : ''} · turning ${p.turning}`}
            />
          ) : (
            <Text size="sm" c="dimmed">
              No birthdays in {monthName}.
            </Text>
          )}
        </>
      )}
    </Section>
  );
}

/** Retention, birthday, progression and qualification views of one contact. */
export function StatisticsTab({ view, contact }: { view: StatisticsView; contact: Contact }) {
  switch (view) {
    case 'retention':
      return <RetentionView contact={contact} />;
    case 'birthday':
      return <BirthdayView contact={contact} />;
    case 'progression':
      return <ProgressionView contact={contact} />;
    default:
      return <QualificationView view={view} contact={contact} />;
  }
}
