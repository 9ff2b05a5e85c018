import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { SHIFT_ACTIVITY_LOG_PAGINATION } from '@opsuite/shared/rules/pagination';
import { useState } from 'react';
import { formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { useActivity } from '../staff.api';

/** Every schedule change, newest first, five at a time. */
export function ActivityLog() {
  const timeZone = useOrganizationTimeZone();
  const { limit } = SHIFT_ACTIVITY_LOG_PAGINATION;
  const [skip, setSkip] = useState<number>(SHIFT_ACTIVITY_LOG_PAGINATION.skip);
  const activity = useActivity(skip, limit);
  const total = activity.data?.total ?? 0;
  return (
    <Card withBorder padding="md" data-testid="activity-log">
      <Title order={5} mb="xs">
        Activity
      </Title>
      <Stack gap={6}>
        {(activity.data?.list ?? []).map((a) => (
          <Group key={a._id} justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{a.message}</Text>
            <Text size="xs" c="dimmed" ta="right" miw={120}>
              {a.actorName ? `${a.actorName} · ` : ''}
              {formatInstant(a.at, timeZone)}
            </Text>
          </Group>
        ))}
        {total === 0 && (
          <Text size="sm" c="dimmed">
            No changes yet.
          </Text>
        )}
      </Stack>
      {total > limit && (
        <Group justify="space-between" mt="xs">
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={skip === 0}
            onClick={() => setSkip(Math.max(0, skip - limit))}
          >
            Newer
          </Button>
          <Text size="xs" c="dimmed">
            {skip + 1}–{Math.min(skip + limit, total)} of {total}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={skip + limit >= total}
            onClick={() => setSkip(skip + limit)}
          >
            Older
          </Button>
        </Group>
      )}
    </Card>
  );
}
