import { Alert, Grid, Skeleton, Stack, Title } from '@mantine/core';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { useUser } from './auth.api';
import { ChangePasswordForm } from './components/change-password-form';
import { DeleteAccountCard } from './components/delete-account-card';
import { ProfileDetailsForm } from './components/profile-details-form';

export function ProfilePage() {
  const userId = useSession()?.userData.id;
  const user = useUser(userId);

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Title order={2}>Profile</Title>
      {user.isError && <Alert color="red">{errorMessage(user.error)}</Alert>}
      {user.isPending && !user.isError && <Skeleton h={360} radius="lg" />}
      {user.data && (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ProfileDetailsForm key={user.data._id} user={user.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg">
              <ChangePasswordForm userId={user.data._id} />
              <DeleteAccountCard />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
