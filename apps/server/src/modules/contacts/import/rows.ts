import {
  type BillingAddressInput,
  contactEmailField,
  dayField,
  type PaymentStatus,
  paymentStatusFilter,
  phoneDigits,
  phoneField,
  punchIdField,
} from '@opsuite/shared';
import { normalizePunchId } from '../contacts.service.ts';

// Reading import rows (pure, no database): each row is checked on its own and turned into the
// values of one contact, or into the reason it is refused; repeats inside one file are found
// here too, so the worker only has to compare with the contacts already saved.

/** A row that can become a contact; lookups (tags, stage...) are still names here. */
export interface ImportCandidate {
  fullName: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  phoneDigits: string | null;
  status: 'active' | 'inactive' | null;
  isFormer: boolean;
  paymentStatus: PaymentStatus;
  plan: string | null;
  birthday: string | null;
  punchId: string | null;
  tags: string[];
  leadSource: string | null;
  stage: string | null;
  contactType: string | null;
  note: string | null;
  billingAddress: BillingAddressInput | null;
}

export type RowCheck = { ok: true; value: ImportCandidate } | { ok: false; reason: string };

export interface PreparedRow {
  rowNo: number;
  /** The candidate's values, or the row as sent when it is rejected. */
  data: ImportCandidate | Record<string, unknown>;
  outcome: 'duplicate' | 'rejected' | null;
  reason: string | null;
  matchRow: number | null;
}

const MAX_TAGS = 20;
const ADDRESS_LIMITS = { street: 200, street2: 200, city: 100, state: 100, zip: 20, country: 100 } as const;

class RowProblem extends Error {}

const shown = (v: string) => `"${v.length > 60 ? `${v.slice(0, 57)}...` : v}"`;

/** The first of `keys` holding a usable value, as trimmed text; numbers are accepted. */
function text(raw: Record<string, unknown>, keys: string[], max: number, label: string): string | null {
  for (const key of keys) {
    const v = raw[key];
    if (v === null || v === undefined) continue;
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') {
      throw new RowProblem(`${label} must be text`);
    }
    const s = String(v).trim();
    if (s === '') continue;
    if (s.length > max) throw new RowProblem(`${label} is too long (at most ${max} characters)`);
    return s;
  }
  return null;
}

function flag(raw: Record<string, unknown>, key: string): boolean {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return false;
  if (typeof v === 'boolean') return v;
  const s = String(v).trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(s)) return true;
  if (['false', 'no', 'n', '0'].includes(s)) return false;
  throw new RowProblem(`${key} must be yes or no: ${shown(String(v))}`);
}

function tagNames(raw: Record<string, unknown>): string[] {
  const v = raw.tags ?? raw.tag;
  if (v === undefined || v === null || v === '') return [];
  const parts = Array.isArray(v) ? v.map((t) => String(t)) : String(v).split(/[;,|]/);
  const names = new Map<string, string>();
  for (const part of parts) {
    const name = part.trim();
    if (!name) continue;
    if (name.length > 50) throw new RowProblem(`Tag ${shown(name)} is too long (at most 50 characters)`);
    names.set(name.toLowerCase(), name);
  }
  if (names.size > MAX_TAGS) throw new RowProblem(`Too many tags (at most ${MAX_TAGS})`);
  return [...names.values()];
}

function address(raw: Record<string, unknown>): BillingAddressInput | null {
  const v = raw.billingAddress;
  if (v === undefined || v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw new RowProblem('Billing address must be an object');
  const out: BillingAddressInput = {};
  for (const [part, max] of Object.entries(ADDRESS_LIMITS)) {
    const value = text(v as Record<string, unknown>, [part], max, `Billing address ${part}`);
    if (value) out[part as keyof BillingAddressInput] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

const BIRTHDAY = dayField('Birthday must be a date (YYYY-MM-DD)', 'Birthday');

function checked<T>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  value: string,
  why: string,
) {
  const r = schema.safeParse(value);
  if (!r.success) throw new RowProblem(`${why}: ${shown(value)}`);
  return r.data as T;
}

function candidateOf(raw: Record<string, unknown>): ImportCandidate {
  const firstName = text(raw, ['firstName', 'first_name'], 100, 'First name');
  const lastName = text(raw, ['lastName', 'last_name'], 100, 'Last name');
  const fullName =
    text(raw, ['fullName', 'name', 'full_name'], 200, 'Full name') ??
    ([firstName, lastName].filter(Boolean).join(' ') || null);
  if (!fullName) throw new RowProblem('Full name is required');
  const emailText = text(raw, ['email'], 254, 'Email');
  const phoneText = text(raw, ['phone'], 40, 'Phone');
  const statusText = text(raw, ['status'], 20, 'Status')?.toLowerCase() ?? null;
  if (statusText && statusText !== 'active' && statusText !== 'inactive') {
    throw new RowProblem(`Status must be active or inactive: ${shown(statusText)}`);
  }
  const payment = text(raw, ['paymentStatus'], 20, 'Payment status');
  const birthday = text(raw, ['birthday'], 10, 'Birthday');
  // The contracts' day, bounds included: a year the database cannot store is this row's problem.
  const day = birthday ? BIRTHDAY.safeParse(birthday) : null;
  if (birthday && day?.error) throw new RowProblem(`${day.error.issues[0]?.message}: ${shown(birthday)}`);
  const punch = text(raw, ['punchId'], 32, 'Punch ID');
  return {
    fullName,
    firstName,
    lastName,
    email: emailText
      ? checked<string>(contactEmailField, emailText, 'Please enter a valid email address')
      : null,
    phone: phoneText ? checked<string>(phoneField, phoneText, 'Please enter a valid phone number') : null,
    phoneDigits: phoneText ? phoneDigits(phoneText) : null,
    status: statusText as ImportCandidate['status'],
    isFormer: flag(raw, 'isFormer'),
    paymentStatus: payment
      ? checked<PaymentStatus>(
          paymentStatusFilter,
          payment,
          'Payment status must be none, past due or frozen',
        )
      : 'none',
    plan: text(raw, ['plan'], 100, 'Plan'),
    birthday,
    punchId: punch
      ? (normalizePunchId(
          checked<string>(punchIdField, punch, 'Punch ID must be 1 to 32 letters, digits or dashes'),
        ) ?? null)
      : null,
    tags: tagNames(raw),
    leadSource: text(raw, ['leadSource'], 100, 'Lead source'),
    stage: text(raw, ['stage'], 100, 'Stage'),
    contactType: text(raw, ['contactType'], 100, 'Contact type'),
    note: text(raw, ['note'], 5000, 'Note'),
    billingAddress: address(raw),
  };
}

/** Checks one row: the contact it describes, or why it cannot be imported. */
export function checkImportRow(raw: unknown): RowCheck {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, reason: 'The row is not an object' };
  try {
    return { ok: true, value: candidateOf(raw as Record<string, unknown>) };
  } catch (err) {
    if (err instanceof RowProblem) return { ok: false, reason: err.message };
    throw err;
  }
}

/**
 * Checks rows in file order and marks repeats inside the file: a row with the e-mail or phone
 * digits of an earlier accepted row is a duplicate of it, and a punch id may be used by one row
 * only. Rows are numbered from 1.
 */
class RowPreparer {
  private readonly byEmail = new Map<string, number>();
  private readonly byPhone = new Map<string, number>();
  private readonly byPunch = new Map<string, number>();

  next(raw: unknown, i: number): PreparedRow {
    const rowNo = i + 1;
    const check = checkImportRow(raw);
    if (!check.ok) {
      return {
        rowNo,
        data: (raw ?? {}) as Record<string, unknown>,
        outcome: 'rejected',
        reason: check.reason,
        matchRow: null,
      };
    }
    const c = check.value;
    const sameEmail = c.email ? this.byEmail.get(c.email) : undefined;
    const samePhone = c.phoneDigits ? this.byPhone.get(c.phoneDigits) : undefined;
    const earlier = sameEmail ?? samePhone;
    if (earlier !== undefined) {
      const by = sameEmail !== undefined ? 'email' : 'phone';
      return {
        rowNo,
        data: c,
        outcome: 'duplicate',
        reason: `Duplicate of row ${earlier} (same ${by})`,
        matchRow: earlier,
      };
    }
    const punchRow = c.punchId ? this.byPunch.get(c.punchId) : undefined;
    if (punchRow !== undefined) {
      return {
        rowNo,
        data: c,
        outcome: 'rejected',
        reason: `Punch ID ${c.punchId} is already used by row ${punchRow}`,
        matchRow: punchRow,
      };
    }
    if (c.email) this.byEmail.set(c.email, rowNo);
    if (c.phoneDigits) this.byPhone.set(c.phoneDigits, rowNo);
    if (c.punchId) this.byPunch.set(c.punchId, rowNo);
    return { rowNo, data: c, outcome: null, reason: null, matchRow: null };
  }
}

/** Every row checked, repeats inside the list marked (a bulk creation's few hundred rows). */
export function prepareRows(rows: unknown[]): PreparedRow[] {
  const preparer = new RowPreparer();
  return rows.map((raw, i) => preparer.next(raw, i));
}

/** Rows checked between which the process serves other requests (an import's 100,000 rows). */
const ROWS_PER_TURN = 5_000;

/** The same as prepareRows(), a few thousand rows at a time, letting other requests go between. */
export async function prepareRowsInTurns(rows: unknown[], turn: () => Promise<void>): Promise<PreparedRow[]> {
  const preparer = new RowPreparer();
  const out: PreparedRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await turn();
    out.push(preparer.next(rows[i], i));
  }
  return out;
}
