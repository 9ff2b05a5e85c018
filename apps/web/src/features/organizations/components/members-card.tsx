import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { OrganizationMember } from '@opsuite/shared';
import { isOwnerType } from '@opsuite/shared/rules/permissions';
import { plural } from '@opsuite/shared/rules/plural';
import { errorMessage } from '../../../app/api-client';
import { toast } from '../../../app/toast';
import { confirmAction } from '../../../components/confirm';
import { useMembers, useRemoveMember } from '../organizations.api';

interface Props {
  /** The signed-in user, who is shown but not offered for removal here. */
  selfId: string;
  /** Admins and the owner with users delete: they may remove members. */
  canRemove: boolean;
}

/** Who can sign in to this organisation, and (for admins) taking that access away. */
export function MembersCard({ selfId, canRemove }: Props) {
  const members = useMembers(true);
  const remove = useRemoveMember();
  const list = members.data?.members ?? [];
  const admins = list.filter((m) => isOwnerType(m.userType)).length;

  const ask = (m: OrganizationMember) =>
    confirmAction({
      title: `Remove ${m.fullName}?`,
      message: `${m.fullName} will no longer be able to sign in to this organisation; their contact and history stay.`,
      confirm: 'Remove',
      onConfirm: () =>
        remove.mutate(m.userId, {
          onSuccess: () => toast.success(`${m.fullName} removed`),
          onError: (e) => toast.error(errorMessage(e)),
        }),
    });

  return (
    <Card padding="lg" aria-label="Members">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Members</Title>
          {members.data && (
            <Text size="sm" c="dimmed">
              {plural(list.length, 'member')}
            </Text>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          People who can sign in to this organisation.
        </Text>
        {members.isPending && <Skeleton h={120} />}
        {members.isError && (
          <Text c="red" size="sm">
            {errorMessage(members.error)}
          </Text>
        )}
        {list.map((m) => {
          const lastAdmin = isOwnerType(m.userType) && admins <= 1;
          return (
            <Group key={m.userId} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={500} truncate>
                  {m.fullName}
                  {m.userId === selfId ? ' (you)' : ''}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {m.email}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light">{m.roleName}</Badge>
                {canRemove && m.userId !== selfId && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    disabled={lastAdmin}
                    title={lastAdmin ? 'The last admin cannot be removed' : undefined}
                    onClick={() => ask(m)}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}
