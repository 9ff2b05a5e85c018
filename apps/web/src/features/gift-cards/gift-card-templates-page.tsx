import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { GIFT_CARD_MIN_EXPIRY_MONTHS, GIFT_CARD_TEXT, type GiftCardTemplateAnswer } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { confirmAction } from '../../components/confirm';
import { PageToolbar } from '../../components/page-toolbar';
import { TemplateForm } from './components/template-form';
import {
  useDeleteGiftCardTemplate,
  useGiftCardSettings,
  useGiftCardTemplates,
  useSaveGiftCardSettings,
} from './gift-cards.api';
import { formatCents } from './gift-cards-format';

const amountsText = (t: GiftCardTemplateAnswer) =>
  [
    ...t.fixedAmountsCents.map(formatCents),
    ...(t.allowCustom
      ? [
          `custom ${formatCents(t.customMinCents ?? 100)}–${t.customMaxCents ? formatCents(t.customMaxCents) : 'any'}`,
        ]
      : []),
  ].join(', ');

function SettingsCard({ canUpdate }: { canUpdate: boolean }) {
  const settings = useGiftCardSettings();
  const save = useSaveGiftCardSettings();
  const [expires, setExpires] = useState(false);
  const [months, setMonths] = useState<number | string>(GIFT_CARD_MIN_EXPIRY_MONTHS);
  const [requirePin, setRequirePin] = useState(false);
  useEffect(() => {
    if (!settings.data) return;
    setExpires(settings.data.expiryMonths !== null);
    setMonths(settings.data.expiryMonths ?? GIFT_CARD_MIN_EXPIRY_MONTHS);
    setRequirePin(settings.data.requirePin);
  }, [settings.data]);
  const n = Number(months);
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="xs">
        Settings
      </Title>
      <Stack gap="sm">
        <Switch
          label="Cards expire"
          checked={expires}
          onChange={(e) => setExpires(e.currentTarget.checked)}
          disabled={!canUpdate}
        />
        {expires && (
          <NumberInput
            label="Months after issue"
            description={`Never less than ${GIFT_CARD_MIN_EXPIRY_MONTHS} months (five years): many jurisdictions forbid earlier expiry`}
            min={1}
            max={1200}
            value={months}
            onChange={setMonths}
            disabled={!canUpdate}
            maw={320}
          />
        )}
        <Switch
          label="Require a PIN on new cards"
          checked={requirePin}
          onChange={(e) => setRequirePin(e.currentTarget.checked)}
          disabled={!canUpdate}
        />
        {canUpdate && (
          <Group>
            <Button
              size="sm"
              loading={save.isPending}
              onClick={() =>
                save.mutate({ expiryMonths: expires ? Math.max(1, Math.round(n) || 1) : null, requirePin })
              }
            >
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Templates cards are issued from, and the organisation's gift card settings. */
export function GiftCardTemplatesPage() {
  const ability = useSession()?.userData.ability ?? [];
  const templates = useGiftCardTemplates();
  const remove = useDeleteGiftCardTemplate();
  const [editing, setEditing] = useState<{ record: GiftCardTemplateAnswer | null } | null>(null);
  const canWrite = can(ability, 'write', 'giftcards');
  const canUpdate = can(ability, 'update', 'giftcards');
  const canDelete = can(ability, 'delete', 'giftcards');
  const add = () => setEditing({ record: null });

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Anchor component={Link} to="/gift-cards" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Gift cards
        </Group>
      </Anchor>
      <PageToolbar
        title="Gift card templates"
        primaryAction={
          canWrite ? { label: 'Add template', icon: <IconPlus size={18} />, onClick: add } : undefined
        }
      />
      {templates.isPending && <Skeleton h={120} />}
      {templates.isError && (
        <Alert color="red" title={GIFT_CARD_TEXT.fetchTemplatesFailed}>
          {errorMessage(templates.error)}
        </Alert>
      )}
      {templates.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          No templates yet
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {templates.data?.map((t) => (
          <Card key={t._id} withBorder padding="sm">
            <Card.Section>
              {t.designUrl ? (
                <Image src={t.designUrl} alt={`${t.name} design`} h={140} fit="cover" />
              ) : (
                <div
                  style={{
                    height: 140,
                    background: 'linear-gradient(135deg, var(--mantine-primary-color-filled), #1f2937)',
                  }}
                />
              )}
            </Card.Section>
            <Group justify="space-between" mt="sm" wrap="nowrap">
              <Text fw={600} truncate>
                {t.name}
              </Text>
              <Badge color={t.active ? 'teal' : 'gray'} variant="light">
                {t.active ? 'Active' : 'Off'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {amountsText(t)}
            </Text>
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {t.cardCount} cards issued
              </Text>
              <Group gap={4}>
                {canUpdate && (
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Edit ${t.name}`}
                    onClick={() => setEditing({ record: t })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                )}
                {canDelete && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${t.name}`}
                    onClick={() =>
                      confirmAction({
                        title: `Delete ${t.name}?`,
                        message: 'This cannot be undone.',
                        confirm: 'Delete',
                        onConfirm: () => remove.mutate(t._id),
                      })
                    }
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <SettingsCard canUpdate={canUpdate} />
      {editing && <TemplateForm record={editing.record} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
