import { Alert, Badge, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { QualificationCheck } from '@opsuite/shared';
import { formatDayLabel, isoDateInZone, useOrganizationTimeZone } from '../../../../app/zone-time';
import { Section } from '../../../../components/section';
import type { Contact } from '../../contacts.types';
import { useQualification } from '../records.api';
import { missingText } from './qualification-views';

/** A small figure inside a program card: the label over the value. */
function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper bg="var(--mantine-color-default-hover)" radius="sm" p="xs">
      <Text size="xs" c="dimmed" lh={1.2}>
        {label}
      </Text>
      <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Paper>
  );
}

function ProgramStatus({ check }: { check: QualificationCheck | null }) {
  if (!check)
    return (
      <Badge color="gray" variant="light">
        No rank
      </Badge>
    );
  if (!check.hasRequirements)
    return (
      <Badge color="gray" variant="light">
        No requirement set
      </Badge>
    );
  return check.qualifies ? (
    <Badge color="green" variant="light">
      Qualified
    </Badge>
  ) : (
    <Badge color="orange" variant="light">
      In progress
    </Badge>
  );
}

/** Attendance per program (30 and 90 days) and whether it meets the next rank's requirement. */
export function QualifiedProgramView({ contact }: { contact: Contact }) {
  const query = useQualification(contact._id);
  const timeZone = useOrganizationTimeZone();
  const programs = query.data?.programs ?? [];
  /** 'Nov 23', the day of an instant on the organisation's calendar. */
  const day = (iso: string) =>
    formatDayLabel(isoDateInZone(Date.parse(iso), timeZone), { weekday: undefined });
  return (
    <Section
      title="Qualified program"
      description="Attendance in each program's classes over the last 30 and 90 days, and whether it meets the next rank's requirement."
    >
      {query.isPending && <Loader size="sm" aria-label="Loading programs" />}
      {query.isError && (
        <Alert color="red" title="Unable to load programs">
          {query.error.message}
        </Alert>
      )}
      {query.isSuccess && programs.length === 0 && (
        <Text c="dimmed">
          No program attendance yet. Classes {contact.fullName} checks into appear here by program.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {programs.map((program) => (
          <Paper key={program.program} withBorder radius="md" p="md" data-program={program.program}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text fw={600}>{program.program}</Text>
                  <Text size="xs" c="dimmed">
                    {program.rankName
                      ? `${program.rankName}${program.nextRankName ? ` → ${program.nextRankName}` : ' (top rank)'}`
                      : 'No rank held'}
                  </Text>
                </div>
                <div style={{ flex: 'none' }}>
                  <ProgramStatus check={program.check} />
                </div>
              </Group>
              <SimpleGrid cols={3} spacing="xs">
                <Stat label="Last 30 days" value={program.attendedLast30Days} />
                <Stat label="Last 90 days" value={program.attendedLast90Days} />
                <Stat label="Last class" value={program.lastAttendedAt ? day(program.lastAttendedAt) : '—'} />
              </SimpleGrid>
              {!program.hasClasses && (
                <Text size="xs" c="orange.8" data-testid="program-without-classes">
                  No booking type has the program name "{program.program}", so no class counts toward this
                  progression yet. Set it on the classes' booking types (Booking setup).
                </Text>
              )}
              {program.check?.hasRequirements && program.check.classesRequired !== null && (
                <div>
                  <Text size="xs" c="dimmed">
                    {program.check.classesAttended} of {program.check.classesRequired} {program.program}{' '}
                    classes since the current rank
                    {program.check.qualifies ? '' : ` · needs ${missingText(program.check)}`}
                  </Text>
                  <Progress
                    value={Math.min(
                      100,
                      (program.check.classesAttended / Math.max(1, program.check.classesRequired)) * 100,
                    )}
                    color={program.check.qualifies ? 'green' : 'brand'}
                    mt={4}
                    aria-label={`${program.program} classes toward ${program.nextRankName}`}
                  />
                </div>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Section>
  );
}
