import { Button, Card, ColorInput, Grid, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { OrganizationAnswer } from '@opsuite/shared';
import { DEFAULT_THEME_COLOR, isValidHexColor } from '@opsuite/shared/rules/theme-color';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../app/toast';
import { type OrganizationInput, useUpdateOrganization } from '../organizations.api';
import { ThemePreview } from './theme-preview';
import { TimeZoneSelect } from './time-zone-select';

const SWATCHES = [
  DEFAULT_THEME_COLOR,
  '#1e90ff',
  '#0ca678',
  '#f76707',
  '#e64980',
  '#2f9e44',
  '#1c7ed6',
  '#495057',
];

function isHttpLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export interface OrganizationFormProps {
  organization: OrganizationAnswer;
  readOnly?: boolean;
}

export function OrganizationForm({ organization, readOnly = false }: OrganizationFormProps) {
  const update = useUpdateOrganization();
  const [name, setName] = useState(organization.name);
  const [themeColor, setThemeColor] = useState(organization.themeColor || DEFAULT_THEME_COLOR);
  const [logoLink, setLogoLink] = useState(organization.logoLink ?? '');
  const [timeZone, setTimeZone] = useState(organization.timeZone);
  const [isViewUserData, setIsViewUserData] = useState(organization.isViewUserData);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'themeColor' | 'logoLink', string>>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const color = themeColor.trim();
    const logo = logoLink.trim();
    const next: typeof errors = {};
    if (!name.trim()) next.name = 'Organisation name is required';
    if (!isValidHexColor(color)) next.themeColor = 'Enter a hex colour such as #7367f0';
    if (logo && !isHttpLink(logo)) next.logoLink = 'Please enter a valid link';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const input: OrganizationInput = {
      name: name.trim(),
      themeColor: color,
      logoLink: logo || null,
      timeZone,
      isViewUserData,
    };
    update.mutate(input, { onSuccess: () => toast.success('Saved') });
  };

  const previewColor = isValidHexColor(themeColor.trim()) ? themeColor.trim() : DEFAULT_THEME_COLOR;

  return (
    <form onSubmit={submit} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card padding="lg">
            <Stack gap="md">
              <Title order={4}>General</Title>
              <TextInput
                label="Organisation name"
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={errors.name}
                disabled={readOnly}
              />
              <ColorInput
                label="Theme colour"
                description="A 3- or 6-digit hex colour"
                format="hex"
                swatches={SWATCHES}
                swatchesPerRow={8}
                value={themeColor}
                onChange={setThemeColor}
                error={errors.themeColor}
                disabled={readOnly}
                withEyeDropper={false}
              />
              <TextInput
                label="Logo link"
                type="url"
                placeholder="https://…"
                value={logoLink}
                onChange={(event) => setLogoLink(event.currentTarget.value)}
                error={errors.logoLink}
                disabled={readOnly}
              />
              <TimeZoneSelect value={timeZone} onChange={setTimeZone} disabled={readOnly} />
              <div>
                <Switch
                  label="View user data"
                  checked={isViewUserData}
                  onChange={(event) => setIsViewUserData(event.currentTarget.checked)}
                  disabled={readOnly}
                />
                <Text size="xs" c="dimmed" mt={4} ms={52}>
                  Admins get the data-flow view of the data their users work with.
                </Text>
              </div>
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending} disabled={readOnly} miw={120}>
                  Save
                </Button>
              </Group>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <ThemePreview
            color={previewColor}
            name={name || organization.name}
            logoLink={logoLink.trim() || null}
          />
        </Grid.Col>
      </Grid>
    </form>
  );
}
