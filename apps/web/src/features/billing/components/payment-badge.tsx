import { Badge, Text } from '@mantine/core';
import type { PaymentStatus } from '@opsuite/shared';
import { PAYMENT_STATUS } from '../billing-format';

/**
 * The payment status in the filter's words; a badge only when it needs attention. `md` is the
 * larger form beside the plan in the contracts and invoices views.
 */
export function PaymentBadge({ status, size = 'sm' }: { status: PaymentStatus; size?: 'sm' | 'md' }) {
  const { label, color } = PAYMENT_STATUS[status];
  if (status === 'none') {
    return (
      <Text span size={size} fw={size === 'md' ? 600 : undefined} data-payment-status={status}>
        {label}
      </Text>
    );
  }
  return (
    <Badge size={size} variant="light" color={color} data-payment-status={status}>
      {label}
    </Badge>
  );
}
