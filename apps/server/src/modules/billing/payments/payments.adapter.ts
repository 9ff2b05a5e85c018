// The one interface every card payment provider implements (ARCHITECTURE rule 8). The server
// hands a card's number to the provider and keeps only what comes back: the provider's token for
// the card, its brand, last four digits and expiry. Charges and refunds carry an idempotency key:
// the same key always answers the same charge and never takes money twice.

/** Which organisation a call is made for (the sandbox keeps its records per organisation). */
export interface PaymentScope {
  organizationId: string;
}

export type CardInput =
  | { number: string; expMonth: number; expYear: number; cvc?: string; holderName?: string }
  /** A token the provider's own browser library made, so the number never reaches us. */
  | { token: string; holderName?: string };

export interface ProviderCard {
  /** The provider's token for the saved card. */
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string | null;
  isDefault: boolean;
}

export interface NewCustomer {
  contactId: string;
  name: string;
  email: string | null;
  /** Repeating a call with the same key answers the same customer. */
  idempotencyKey: string;
}

export interface ChargeRequest {
  customerId: string;
  cardId: string;
  amountCents: number;
  currency: string;
  /** Derived from the invoice and attempt number by the caller. */
  idempotencyKey: string;
  /** Charged without the payer at the screen (the runner): a card that asks for authentication fails. */
  offSession: boolean;
  description: string;
  metadata: Record<string, string>;
}

/**
 * What became of a charge. A refused card is a result (failed, with the provider's code), not an
 * error; `pending` means the provider will tell the outcome later (a webhook).
 */
export interface ChargeResult {
  /** The provider's payment id (also on a failed charge when the provider made one). */
  id: string | null;
  status: 'succeeded' | 'failed' | 'pending';
  failureCode: string | null;
  failureMessage: string | null;
}

export interface RefundRequest {
  /** The charge's provider id. */
  chargeId: string;
  amountCents: number;
  idempotencyKey: string;
}

export interface RefundResult {
  id: string;
  status: 'succeeded' | 'failed' | 'pending';
  failureMessage: string | null;
}

/** A provider's event about a payment, once its signature has been checked. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The payment (charge) it is about, and its outcome when the event settles it. */
  paymentRef: string | null;
  outcome: ChargeResult | null;
  /** What the charge was sent with: the organisation and the idempotency key (its metadata). */
  metadata: Record<string, string>;
}

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  createCustomer(scope: PaymentScope, customer: NewCustomer): Promise<{ id: string }>;
  addCard(
    scope: PaymentScope,
    customerId: string,
    card: CardInput,
    makeDefault: boolean,
  ): Promise<ProviderCard>;
  listCards(scope: PaymentScope, customerId: string): Promise<ProviderCard[]>;
  updateCard(
    scope: PaymentScope,
    customerId: string,
    cardId: string,
    change: { expMonth?: number; expYear?: number; makeDefault?: boolean },
  ): Promise<ProviderCard>;
  removeCard(scope: PaymentScope, customerId: string, cardId: string): Promise<void>;
  /** Takes money from a saved card; the same idempotency key answers the same charge. */
  charge(scope: PaymentScope, request: ChargeRequest): Promise<ChargeResult>;
  /**
   * The charge made with this key, if any. Asked before a charge left pending by a crash is sent
   * again, so a provider that forgets keys after a day cannot charge twice.
   */
  findCharge(scope: PaymentScope, customerId: string, idempotencyKey: string): Promise<ChargeResult | null>;
  refund(scope: PaymentScope, request: RefundRequest): Promise<RefundResult>;
  /**
   * Many charges in one go, where the provider can (the embedded sandbox: one statement); answers
   * in the same order, null where that charge must be sent on its own. The runner uses it for
   * its batches; a provider without it is sent the charges one by one.
   */
  chargeMany?(requests: readonly (ChargeRequest & PaymentScope)[]): Promise<(ChargeResult | null)[]>;
  /** A client secret the provider's browser library collects a card with (Stripe's SetupIntent). */
  setupCard?(scope: PaymentScope, customerId: string): Promise<{ clientSecret: string }>;
  /** Checks a webhook's signature over the raw body and reads it; throws when it does not match. */
  parseEvent?(rawBody: Buffer, signature: string): PaymentEvent;
}

/**
 * A refusal from the provider. `card`: the card itself was refused (declined, wrong number,
 * expired); `invalid`: the request was wrong; `not_found`: no such customer or card;
 * `unavailable`: the provider could not be reached or failed.
 */
export type PaymentErrorKind = 'card' | 'invalid' | 'not_found' | 'unavailable';

export class PaymentError extends Error {
  constructor(
    readonly kind: PaymentErrorKind,
    message: string,
    /** The provider's code (card_declined, incorrect_number, expired_card...). */
    readonly code: string,
    /** The input field the refusal is about, where known. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'PaymentError';
  }
}

export const PROVIDER_UNAVAILABLE = 'The payment provider could not be reached. Please try again.';
