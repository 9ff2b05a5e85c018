import { Button, Card, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useActivities } from '../contact-records.api';

/** The activity timeline every module writes to: page 1, 10 entries, then "Load more". */
export function ActivityTab({ contactId }: { contactId: string }) {
  const activities = useActivities(contactId);
  const list = activities.data?.pages.flatMap((page) => page.list) ?? [];
  if (activities.isPending) return <Loader size="sm" mx="auto" display="block" />;
  if (activities.isError) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        Failed to fetch activities
      </Text>
    );
  }
  return (
    <Card padding="lg">
      {list.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No activity yet.
        </Text>
      ) : (
        <Stack gap="md">
          <Timeline bulletSize={22} lineWidth={2} active={list.length}>
            {list.map((activity) => (
              <Timeline.Item key={activity._id} bullet={<IconPoint size={12} />} title={activity.title}>
                <Text size="xs" c="dimmed">
                  {dayjs(activity.createdAt).format('MMM D, YYYY h:mm A')} ·{' '}
                  {activity.kind.replace(/[_.]/g, ' ')}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {activities.hasNextPage && (
            <Button
              variant="subtle"
              onClick={() => void activities.fetchNextPage()}
              loading={activities.isFetchingNextPage}
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </Card>
  );
}
