import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { GiftCardAnswer } from '@opsuite/shared';
import { formatCents, STATUS_COLOR, STATUS_LABEL } from '../gift-cards-format';

export interface CardVisualProps {
  organizationName?: string;
  balanceCents: number;
  status: GiftCardAnswer['status'];
  /** The code (or its last group) as shown. */
  code: string;
  designUrl: string | null;
  color?: string | null;
  templateName?: string | null;
}

/** The card as the recipient sees it: the template's design (or the organisation's colour), balance and code. */
export function CardVisual({
  organizationName,
  balanceCents,
  status,
  code,
  designUrl,
  color,
  templateName,
}: CardVisualProps) {
  return (
    <Box
      data-testid="gift-card-visual"
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: 420,
        aspectRatio: '1.586',
        borderRadius: 16,
        overflow: 'hidden',
        color: 'white',
        background: designUrl
          ? `center / cover no-repeat url("${designUrl}")`
          : `linear-gradient(135deg, ${color ?? '#7367f0'}, #1f2937)`,
        boxShadow: '0 8px 24px rgba(0,0,0,0.18)',
      }}
    >
      <Stack
        justify="space-between"
        h="100%"
        p="md"
        style={{ background: 'linear-gradient(180deg, rgba(0,0,0,0.05), rgba(0,0,0,0.55))' }}
      >
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} size="sm" truncate>
            {organizationName ?? templateName ?? 'Gift card'}
          </Text>
          <Badge color={STATUS_COLOR[status]} variant="filled">
            {STATUS_LABEL[status]}
          </Badge>
        </Group>
        <Stack gap={0}>
          <Text size="xs" opacity={0.85}>
            Balance
          </Text>
          <Text fw={800} fz={32} lh={1.1} data-testid="gift-card-balance">
            {formatCents(balanceCents)}
          </Text>
          <Text ff="monospace" size="sm" mt={6} style={{ letterSpacing: 1 }}>
            {code}
          </Text>
        </Stack>
      </Stack>
    </Box>
  );
}
