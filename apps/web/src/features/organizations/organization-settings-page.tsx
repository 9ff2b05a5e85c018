import { Alert, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { can, isOwnerType } from '@opsuite/shared/rules/permissions';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { MembersCard } from './components/members-card';
import { OrganizationForm } from './components/organization-form';
import { useCurrentOrganization } from './organizations.api';

/** Admin settings of the current organisation (name, theme colour, logo, time zone, data view). */
export function OrganizationSettingsPage() {
  const session = useSession();
  const organization = useCurrentOrganization();
  const canUpdate = session ? can(session.userData.ability, 'update', 'settings') : false;
  const canSeeMembers = session ? can(session.userData.ability, 'read', 'users') : false;
  const canRemove =
    session !== null &&
    can(session.userData.ability, 'delete', 'users') &&
    isOwnerType(session.userData.userType);

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={2}>Organisation settings</Title>
        <Text c="dimmed" size="sm">
          How your organisation appears to your team and members.
        </Text>
      </div>
      {!canUpdate && (
        <Alert color="yellow" variant="light">
          You can view these settings but not change them.
        </Alert>
      )}
      {organization.isError && <Alert color="red">{errorMessage(organization.error)}</Alert>}
      {organization.isPending && !organization.isError && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Card padding="lg">
              <Skeleton h={380} />
            </Card>
          </Grid.Col>
        </Grid>
      )}
      {organization.data && (
        <OrganizationForm
          key={organization.data._id}
          organization={organization.data}
          readOnly={!canUpdate}
        />
      )}
      {session && canSeeMembers && <MembersCard selfId={session.userData.id} canRemove={canRemove} />}
    </Stack>
  );
}
