import { basisPointsToPercent, percentOfCents, percentToBasisPoints, sumCents } from './cents-math.ts';

// Money rules around a charge: retrying failed card payments, the processing fee a payer may be
// asked to cover, and how much of a payment is still refundable. All amounts are integer cents.

// ---------------------------------------------------------------- dunning

/** Days after the first failure at which a failed payment is tried again. */
export const DEFAULT_DUNNING_RETRY_DAYS = [1, 3, 7] as const;

/**
 * Decline codes that no retry can fix: the card is gone, closed, expired or refused for fraud, so
 * retrying only adds failed attempts (and card-network fees). Any other code, including
 * insufficient_funds, generic_decline, do_not_honor, processing errors and codes we do not know,
 * is soft and follows the retry schedule.
 */
export const HARD_DECLINE_CODES = [
  'stolen_card',
  'lost_card',
  'pickup_card',
  'card_closed',
  'expired_card',
  'fraudulent',
  'restricted_card',
  'invalid_account',
  'invalid_number',
  'incorrect_number',
  'card_not_supported',
  'currency_not_supported',
  'new_account_information_available',
  'revocation_of_authorization',
  'revocation_of_all_authorizations',
  'stop_payment_order',
  'security_violation',
  'transaction_not_allowed',
] as const;

const HARD_DECLINES: ReadonlySet<string> = new Set(HARD_DECLINE_CODES);
const DAY_MS = 86_400_000;

export function isHardDecline(code: string | null | undefined): boolean {
  return !!code && HARD_DECLINES.has(code.trim().toLowerCase());
}

export interface DunningInput {
  /** When the first attempt failed. */
  firstFailedAt: Date | number;
  /** Attempts that have failed so far, the first one included (1 after the first failure). */
  failedAttempts: number;
  /** The latest failure's decline code. */
  declineCode?: string | null;
  retryDays?: readonly number[];
}

/**
 * When to try again, or null when the schedule is used up or the decline is hard. Retry days are
 * elapsed days (24 h each) after the first failure: the card network keeps no local calendar.
 */
export function nextDunningRetryAt(input: DunningInput): number | null {
  if (isHardDecline(input.declineCode)) return null;
  const schedule = input.retryDays ?? DEFAULT_DUNNING_RETRY_DAYS;
  const days = schedule[Math.trunc(input.failedAttempts) - 1];
  if (days === undefined || !(input.failedAttempts >= 1)) return null;
  return +input.firstFailedAt + days * DAY_MS;
}

// ---------------------------------------------------------------- processing fee

export interface ProcessingFeeSetting {
  enabled: boolean;
  /** Shown to the payer beside the fee ('Card processing fee'). */
  title: string;
  /** Either basis points (290) or a percentage with up to two decimals (2.9); basis points win. */
  basisPoints?: number | null;
  percent?: number | null;
}

/** The processing fee result as the payment screens read it. */
export interface ProcessingFeeResult {
  fee: number;
  percent: number;
  title: string;
  applied: boolean;
  programType: string | null;
  method: string;
}

/** Methods a fee is never passed on to: cash costs no processing. */
export const FEE_FREE_METHODS: readonly string[] = ['cash'];

/**
 * The fee passed on to the payer of `amountCents`: amount × percent, rounded half up to the cent.
 * Not applied (fee 0) when switched off, for cash, or when it comes to 0.
 */
export function processingFee(
  amountCents: number,
  setting: ProcessingFeeSetting | null | undefined,
  payment: { method: string; programType?: string | null },
): ProcessingFeeResult {
  const basisPoints = Math.max(
    0,
    setting?.basisPoints ?? (setting?.percent != null ? percentToBasisPoints(setting.percent) : 0),
  );
  const result: ProcessingFeeResult = {
    fee: 0,
    percent: basisPointsToPercent(basisPoints),
    title: setting?.title ?? '',
    applied: false,
    programType: payment.programType ?? null,
    method: payment.method,
  };
  if (!setting?.enabled || FEE_FREE_METHODS.includes(payment.method) || amountCents <= 0) return result;
  const fee = percentOfCents(amountCents, basisPoints);
  return fee > 0 ? { ...result, fee, applied: true } : result;
}

// ---------------------------------------------------------------- refunds

/** What is left to refund of a payment after earlier refunds (never below 0). */
export function refundableCents(paymentCents: number, earlierRefundsCents: readonly number[]): number {
  return Math.max(0, paymentCents - sumCents(earlierRefundsCents));
}

/** Why a refund cannot be made, or null when it can. */
export function refundError(
  paymentCents: number,
  earlierRefundsCents: readonly number[],
  refundCents: number,
): string | null {
  if (!Number.isSafeInteger(refundCents) || refundCents <= 0) {
    return 'The refund must be a whole number of cents more than 0';
  }
  const left = refundableCents(paymentCents, earlierRefundsCents);
  if (left === 0) return 'This payment has already been refunded in full';
  if (refundCents > left) return `The refund is more than the ${formatCents(left)} left to refund`;
  return null;
}

function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
