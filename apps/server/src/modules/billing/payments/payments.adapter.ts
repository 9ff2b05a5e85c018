// The one interface every card payment provider implements (ARCHITECTURE rule 8). The server
// hands a card's number to the provider and keeps only what comes back: the provider's token for
// the card, its brand, last four digits and expiry.

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
