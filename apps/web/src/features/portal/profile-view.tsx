import { Avatar, Button, Card, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { PortalMe, PortalProfileBody } from '@opsuite/shared';
import { portalProfileBody } from '@opsuite/shared/contracts/portal';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError } from '../../app/api-client';
import { type FieldErrors, validate } from '../../app/validate';
import { UserAvatar } from '../../components/avatar';
import { useFamily, useSaveProfile } from './portal.api';

// The member's profile in this organisation (name, phone, photo link) and their family, which
// the front desk keeps.

function serverErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { form: 'Something went wrong' };
  const out: FieldErrors = {};
  if (Array.isArray(error.details)) {
    for (const d of error.details as { field?: string; message?: string }[]) {
      if (d.field && d.message) out[d.field] ??= d.message;
    }
  }
  if (Object.keys(out).length === 0) out.form = error.message;
  return out;
}

export function ProfileView({ me }: { me: PortalMe | undefined }) {
  const save = useSaveProfile();
  const family = useFamily();
  const [values, setValues] = useState({ fullName: '', phone: '', photo: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    if (me)
      setValues({
        fullName: me.member.fullName,
        // Stored as E.164; shown the one way phones are shown everywhere, +1 (212) 555-0188.
        phone: me.member.phone ? formatPhoneDisplay(me.member.phone) : '',
        photo: me.member.photo ?? '',
      });
  }, [me]);
  if (!me) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { fullName: values.fullName, phone: values.phone, photo: values.photo };
    const result = validate<PortalProfileBody>(portalProfileBody, body);
    setErrors(result.errors);
    if (!result.ok) return;
    save.mutate(body, { onError: (e) => setErrors(serverErrors(e)) });
  };
  const set = (key: keyof typeof values) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  return (
    <Stack gap="lg">
      <Title order={3}>Profile</Title>
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={submit} noValidate aria-label="Profile">
          <Stack gap="md">
            <Group gap="md" wrap="nowrap">
              <UserAvatar name={values.fullName || me.member.fullName} src={values.photo || null} size={72} />
              <div style={{ minWidth: 0 }}>
                <Text fw={700} size="lg" truncate>
                  {me.member.fullName}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {me.member.email ?? 'No e-mail on file'}
                </Text>
              </div>
            </Group>
            <TextInput
              label="Full name"
              size="md"
              value={values.fullName}
              error={errors.fullName}
              onChange={set('fullName')}
            />
            <TextInput
              label="Phone"
              size="md"
              type="tel"
              autoComplete="tel"
              value={values.phone}
              error={errors.phone}
              onChange={set('phone')}
            />
            <TextInput
              label="Photo link"
              description="An https:// link to a picture of you"
              size="md"
              type="url"
              value={values.photo}
              error={errors.photo}
              onChange={set('photo')}
            />
            {errors.form && (
              <Text c="red" size="sm" role="alert">
                {errors.form}
              </Text>
            )}
            <Button type="submit" size="md" radius="xl" loading={save.isPending}>
              Save profile
            </Button>
          </Stack>
        </form>
      </Card>
      <Stack gap="sm">
        <Title order={4}>Family</Title>
        {(family.data?.list ?? []).map((f) => (
          <Group key={f._id} gap="sm" wrap="nowrap" data-testid="portal-family">
            <UserAvatar name={f.contact.fullName} src={f.contact.photo} size={44} />
            <div>
              <Text fw={600}>{f.contact.fullName}</Text>
              {f.relation && (
                <Text size="sm" c="dimmed">
                  {f.relation}
                </Text>
              )}
            </div>
          </Group>
        ))}
        {family.isSuccess && family.data.list.length === 0 && (
          <Paper withBorder radius="lg" p="md">
            <Group gap="sm" c="dimmed" wrap="nowrap">
              <Avatar radius="xl" />
              <Text size="sm">No family members linked. The front desk can add them for you.</Text>
            </Group>
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
