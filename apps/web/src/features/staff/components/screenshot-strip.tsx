import { ActionIcon, Badge, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import type { ScreenshotAnswer } from '@opsuite/shared/contracts/staff-time';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { authorizedFetch } from '../../../app/files';
import { useOrganizationTimeZone } from '../../../app/zone-time';
import { useDeleteScreenshot, useScreenshots } from '../staff.api';
import { timeOf } from '../staff-format';

/** What a screenshot that could not be taken says: declined by the employee, failed, or stopped. */
const SHOT_LABELS: Record<Exclude<ScreenshotAnswer['status'], 'captured'>, string> = {
  refused: 'Declined',
  failed: 'Failed',
  stopped: 'Sharing stopped',
};

/**
 * An image the API serves only with the caller's token, as an object URL. Fetched like every
 * download: a token about to expire is refreshed first, and a 401 refreshes once and retries.
 */
export function useAuthorizedImage(path: string | null) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    let revoked = false;
    let made: string | null = null;
    void authorizedFetch(path.replace(/^\/api(?=\/)/, ''))
      .then((r) => r.blob())
      .then((blob) => {
        if (!blob || revoked) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => undefined);
    return () => {
      revoked = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}

function Shot({ shot, canDelete }: { shot: ScreenshotAnswer; canDelete: boolean }) {
  const timeZone = useOrganizationTimeZone();
  const thumb = useAuthorizedImage(shot.thumbnail);
  const full = useAuthorizedImage(shot.image);
  const remove = useDeleteScreenshot();
  if (shot.status !== 'captured') {
    return (
      <Badge color={shot.status === 'failed' ? 'red' : 'orange'} variant="light" data-testid="shot-status">
        {SHOT_LABELS[shot.status]} · {timeOf(shot.takenAt, timeZone)}
      </Badge>
    );
  }
  return (
    <Stack gap={2} align="center">
      <a href={full ?? undefined} target="_blank" rel="noreferrer">
        <Image
          src={thumb}
          w={120}
          h={68}
          fit="cover"
          radius="sm"
          alt={`Screenshot at ${timeOf(shot.takenAt, timeZone)}`}
        />
      </a>
      <Group gap={2}>
        <Text size="xs">{timeOf(shot.takenAt, timeZone)}</Text>
        {canDelete && (
          <Tooltip label="Delete (times stay as they are)">
            <ActionIcon
              size="xs"
              variant="subtle"
              color="red"
              aria-label="Delete screenshot"
              onClick={() => remove.mutate(shot._id)}
            >
              <IconTrash size={12} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </Stack>
  );
}

/** The screenshots of one entry, shown under that entry's own employee only. */
export function ScreenshotStrip({ historyId, canDelete }: { historyId: string; canDelete: boolean }) {
  const shots = useScreenshots(historyId);
  const list = shots.data?.list ?? [];
  if (list.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No screenshots.
      </Text>
    );
  return (
    <Group gap="xs" data-testid="screenshots">
      {list.map((s) => (
        <Shot key={s._id} shot={s} canDelete={canDelete} />
      ))}
    </Group>
  );
}
