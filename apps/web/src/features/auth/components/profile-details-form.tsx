import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { UserAnswer } from '@opsuite/shared';
import { updateProfileBody } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/toast';
import { type FieldErrors, validate } from '../../../app/validate';
import { UserAvatar } from '../../../components/avatar';
import { useUpdateProfile } from '../auth.api';

export function ProfileDetailsForm({ user }: { user: UserAnswer }) {
  const update = useUpdateProfile(user._id);
  const [fullName, setFullName] = useState(user.fullName);
  const [phone, setPhone] = useState(user.phone ?? '');
  const [photo, setPhoto] = useState(user.photo ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(updateProfileBody, {
      fullName,
      phone: phone.trim() || null,
      photo: photo.trim() || null,
    });
    setErrors(checked.errors);
    if (!checked.ok) return;
    update.mutate(checked.data, { onSuccess: () => toast.success('Saved') });
  };

  return (
    <Card padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <UserAvatar name={fullName || user.fullName} src={photo.trim() || null} size={64} />
            <div style={{ minWidth: 0 }}>
              <Title order={4}>Personal details</Title>
              <Text size="sm" c="dimmed" truncate>
                {user.email}
              </Text>
            </div>
          </Group>
          <TextInput
            label="Full name"
            autoComplete="name"
            value={fullName}
            onChange={(event) => setFullName(event.currentTarget.value)}
            error={errors.fullName && 'Full name is required'}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={errors.phone}
          />
          <TextInput
            label="Photo link"
            type="url"
            placeholder="https://…"
            value={photo}
            onChange={(event) => setPhoto(event.currentTarget.value)}
            error={errors.photo && 'Please enter a valid link'}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
