// Gift cards' pure rules: the code's alphabet, format and normalisation, the expiry floor and the
// balance arithmetic of the ledger. The server and the web app both use them.

/**
 * A code's characters: upper-case letters and digits without the ones people misread (0 and O,
 * 1 and I). 32 characters, so each is 5 random bits: a 16-character code holds 80 bits.
 */
export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;
/** Shown in groups of four: ABCD-EFGH-JKLM-NPQR. */
export const GIFT_CARD_CODE_GROUP = 4;
/** No card may expire within this many months of its issue (60: five years). */
export const GIFT_CARD_MIN_EXPIRY_MONTHS = 60;
/** A card's PIN: 4 to 8 digits. */
export const GIFT_CARD_PIN = /^\d{4,8}$/;

/** A code from `random(n)` (a uniform integer 0..n-1, e.g. crypto.randomInt), unformatted. */
export function makeGiftCardCode(random: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) {
    code += GIFT_CARD_CODE_ALPHABET[random(GIFT_CARD_CODE_ALPHABET.length)];
  }
  return code;
}

/** ABCDEFGHJKLMNPQR → ABCD-EFGH-JKLM-NPQR. */
export function formatGiftCardCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += GIFT_CARD_CODE_GROUP)
    groups.push(code.slice(i, i + GIFT_CARD_CODE_GROUP));
  return groups.join('-');
}

/**
 * A code as typed (any case, spaces or dashes between the groups) in its stored form, or null
 * when it cannot be a code.
 */
export function normalizeGiftCardCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const ch of code) if (!GIFT_CARD_CODE_ALPHABET.includes(ch)) return null;
  return code;
}

/** The instant `months` calendar months after `from` (UTC), the day clamped to the month's end. */
export function addMonthsUtc(from: Date, months: number): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1, 0, 0, 0, 0));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), last));
  target.setUTCHours(
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  );
  return target;
}

/**
 * When a card issued at `issuedAt` expires: never (null) when the organisation sets no expiry;
 * otherwise its setting in months, but never earlier than five years after issue (many
 * jurisdictions forbid a gift card to expire sooner).
 */
export function giftCardExpiry(issuedAt: Date, expiryMonths: number | null): Date | null {
  if (expiryMonths === null) return null;
  return addMonthsUtc(issuedAt, Math.max(expiryMonths, GIFT_CARD_MIN_EXPIRY_MONTHS));
}

export const GIFT_CARD_ENTRY_KINDS = ['issue', 'redemption', 'refund', 'adjustment'] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

/**
 * What an entry does to the balance, in cents: issue and refund add, a redemption takes away,
 * an adjustment adds or takes what it says. `amountCents` is positive except an adjustment's.
 */
export function entryDelta(kind: GiftCardEntryKind, amountCents: number): number {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError('amount must be whole cents');
  if (kind === 'adjustment') return amountCents;
  if (amountCents <= 0) throw new RangeError(`a ${kind} must be more than 0`);
  return kind === 'redemption' ? -amountCents : amountCents;
}

/** The balance after an entry, or null when it would fall below zero (the entry is refused). */
export function balanceAfter(
  balanceCents: number,
  kind: GiftCardEntryKind,
  amountCents: number,
): number | null {
  const next = balanceCents + entryDelta(kind, amountCents);
  return next < 0 ? null : next;
}

/** A ledger's balance, entry by entry; null as soon as one would take it below zero. */
export function ledgerBalance(
  entries: readonly { kind: GiftCardEntryKind; amountCents: number }[],
): number | null {
  let balance = 0;
  for (const e of entries) {
    const next = balanceAfter(balance, e.kind, e.amountCents);
    if (next === null) return null;
    balance = next;
  }
  return balance;
}

export type GiftCardStatus = 'active' | 'deactivated' | 'expired' | 'used';

/** A card's state for lists and filters: deactivated first, then expired, then spent. */
export function giftCardStatus(
  card: { activated: boolean; expiresAt: string | null; balanceCents: number },
  now = Date.now(),
): GiftCardStatus {
  if (!card.activated) return 'deactivated';
  if (card.expiresAt !== null && Date.parse(card.expiresAt) <= now) return 'expired';
  if (card.balanceCents === 0) return 'used';
  return 'active';
}

/** Whether a template takes `amountCents`: one of its fixed amounts, or within its custom range. */
export function templateTakesAmount(
  t: {
    fixedAmountsCents: readonly number[];
    allowCustom: boolean;
    customMinCents: number | null;
    customMaxCents: number | null;
  },
  amountCents: number,
): boolean {
  if (t.fixedAmountsCents.includes(amountCents)) return true;
  if (!t.allowCustom) return false;
  return (
    amountCents >= (t.customMinCents ?? 1) && (t.customMaxCents === null || amountCents <= t.customMaxCents)
  );
}
