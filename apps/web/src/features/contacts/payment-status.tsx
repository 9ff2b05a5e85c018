import { Badge, Text } from '@mantine/core';
import type { PaymentStatus } from '@opsuite/shared';

// How a contact's plan and payment status read on screen. Both are the contact's own columns
// (billing keeps them current); the list, the filters, the overview, billing's views and the
// member portal all read these.

/**
 * The payment status as the contacts filter offers it: none, past due, and frozen. The list, the
 * overview and the billing views all read this map.
 */
export const PAYMENT_STATUS: Record<PaymentStatus, { label: string; color: string }> = {
  none: { label: 'None', color: 'gray' },
  past_due: { label: 'Past due', color: 'red' },
  frozen: { label: 'Frozen', color: 'cyan' },
};
/** The statuses in the order the filter lists them. */
export const PAYMENT_STATUS_ORDER: PaymentStatus[] = ['none', 'past_due', 'frozen'];

/** What every view shows for a contact without a plan. */
export const NO_PLAN = 'No plan';
export const planText = (plan: string | null | undefined) => plan?.trim() || NO_PLAN;

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
