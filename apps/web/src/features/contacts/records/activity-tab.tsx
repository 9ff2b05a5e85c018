import { Button, Card, Loader, Stack, Text, Timeline } from '@mantine/core';
import {
  IconArrowsExchange,
  IconCalendarEvent,
  IconCircleCheck,
  IconCreditCard,
  IconFile,
  IconGitMerge,
  IconNote,
  IconPoint,
  IconReceipt,
  IconSignature,
  IconTag,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { activityGroup, activityKindLabel } from './activity-kinds';
import { useActivities } from './records.api';

const KIND_ICONS: Record<string, typeof IconPoint> = {
  'contact.merged': IconGitMerge,
  'contact.tagged': IconTag,
  'contact.moved': IconArrowsExchange,
};
const GROUP_ICONS: Record<string, typeof IconPoint> = {
  booking: IconCalendarEvent,
  'check-in': IconCircleCheck,
  contact: IconUser,
  family: IconUsers,
  file: IconFile,
  note: IconNote,
  contract: IconSignature,
  invoice: IconReceipt,
  payment: IconCreditCard,
};

function KindIcon({ kind }: { kind: string }) {
  const Icon = KIND_ICONS[kind] ?? GROUP_ICONS[activityGroup(kind)] ?? IconPoint;
  return <Icon size={12} aria-hidden />;
}

/** When, then the kind's label unless the title already says just that ('File added'). */
function activityMeta(title: string, kind: string, timeZone: string, createdAt: string): string {
  const label = activityKindLabel(kind);
  const when = formatInstant(createdAt, timeZone);
  return title.trim().toLowerCase() === label.toLowerCase() ? when : `${when} · ${label}`;
}

/** The activity timeline every module writes to: page 1, 10 entries, then "Load more". */
export function ActivityTab({ contactId }: { contactId: string }) {
  const activities = useActivities(contactId);
  const timeZone = useOrganizationTimeZone();
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
              <Timeline.Item
                key={activity._id}
                bullet={<KindIcon kind={activity.kind} />}
                title={activity.title}
                data-activity-kind={activity.kind}
              >
                <Text size="xs" c="dimmed">
                  {activityMeta(activity.title, activity.kind, timeZone, activity.createdAt)}
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
