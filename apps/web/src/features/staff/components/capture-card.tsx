import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { useOrganizationTimeZone } from '../../../app/zone-time';
import { type Frame, type ReportedState, useScreenCapture } from '../screen-capture';
import { timeOf } from '../staff-format';

const LABELS = {
  off: ['Not shared', 'gray'],
  asking: ['Waiting for your choice', 'blue'],
  sharing: ['Sharing', 'teal'],
  refused: ['You declined', 'orange'],
  failed: ['Could not start sharing', 'red'],
  stopped: ['Sharing stopped', 'orange'],
  unsupported: ['Not available in this browser', 'gray'],
} as const;

/** Screenshot consent and status: one share for the session, a frame every interval. */
export function CaptureCard({
  session,
  intervalMinutes,
  upload,
  report,
}: {
  session: WorkHistoryAnswer;
  intervalMinutes: number;
  upload: (frame: Frame) => Promise<unknown>;
  report: (state: ReportedState) => Promise<unknown>;
}) {
  const capture = useScreenCapture();
  const timeZone = useOrganizationTimeZone();
  const [label, color] = LABELS[capture.state];
  const start = () =>
    void capture.start({ sessionStart: Date.parse(session.startTime), intervalMinutes, upload, report });
  return (
    <Card withBorder padding="lg" data-testid="capture-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={4}>Screenshots</Title>
          <Badge color={color} data-testid="capture-status">
            {label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          While you work, a screenshot of the screen you share is saved every {intervalMinutes} minutes. You
          can decline or stop at any time; that is noted, not held against the time you worked.
        </Text>
        {capture.lastAt && (
          <Text size="sm">Last screenshot at {timeOf(new Date(capture.lastAt).toISOString(), timeZone)}</Text>
        )}
        {capture.nextAt && (
          <Text size="sm">Next at {timeOf(new Date(capture.nextAt).toISOString(), timeZone)}</Text>
        )}
        <Group>
          {capture.state === 'sharing' ? (
            <Button variant="default" onClick={() => capture.stop()}>
              Stop sharing
            </Button>
          ) : (
            <Button
              onClick={start}
              loading={capture.state === 'asking'}
              disabled={capture.state === 'unsupported'}
            >
              Share my screen
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
