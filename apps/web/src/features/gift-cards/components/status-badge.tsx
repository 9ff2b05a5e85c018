import { Badge } from '@mantine/core';
import type { GiftCardAnswer } from '@opsuite/shared';
import { STATUS_COLOR, STATUS_LABEL } from '../gift-cards-format';

export function StatusBadge({ status }: { status: GiftCardAnswer['status'] }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {STATUS_LABEL[status]}
    </Badge>
  );
}
