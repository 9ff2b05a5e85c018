import Stripe from 'stripe';
import { brandName, digitsOf } from './card-rules.ts';
import {
  type CardInput,
  type ChargeRequest,
  type ChargeResult,
  type NewCustomer,
  PaymentError,
  type PaymentEvent,
  type PaymentScope,
  type PaymentsProvider,
  PROVIDER_UNAVAILABLE,
  type ProviderCard,
  type RefundRequest,
  type RefundResult,
} from './payments.adapter.ts';

/*
 * Stripe through its official SDK (`stripe`). Cards are PaymentMethods attached to a Customer; the
 * default card is the customer's invoice_settings.default_payment_method. A charge is a
 * PaymentIntent confirmed at once with the saved card (off_session when the runner charges), sent
 * with the caller's idempotency key, which also goes into its metadata so findCharge can look it
 * up after Stripe has forgotten the key (24 hours). Refunds are Refunds of the PaymentIntent.
 * Webhooks are read with stripe.webhooks.constructEvent over the raw body and the signing secret.
 * The base URL (default https://api.stripe.com) is split into the SDK's host, port and protocol,
 * which is how the tests point it at a local stand-in.
 */

/** Stripe's parameter names mapped to ours, so a refusal names the field the person typed. */
const FIELDS: Record<string, string> = {
  number: 'number',
  'card[number]': 'number',
  exp_month: 'expMonth',
  'card[exp_month]': 'expMonth',
  exp_year: 'expYear',
  'card[exp_year]': 'expYear',
  cvc: 'cvc',
  'card[cvc]': 'cvc',
};

type StripeError = InstanceType<typeof Stripe.errors.StripeError>;

function isStripeError(err: unknown): err is StripeError {
  return err instanceof Stripe.errors.StripeError;
}

/** Any SDK failure as the adapter's PaymentError (card refusals keep Stripe's code and message). */
function asPaymentError(err: unknown): PaymentError {
  if (err instanceof PaymentError) return err;
  if (!isStripeError(err)) return new PaymentError('unavailable', PROVIDER_UNAVAILABLE, 'network_error');
  const message = err.message || PROVIDER_UNAVAILABLE;
  const field = err.param ? FIELDS[err.param] : undefined;
  if (err.type === 'StripeCardError') {
    return new PaymentError(
      'card',
      message,
      err.decline_code ?? err.code ?? 'card_declined',
      field ?? 'number',
    );
  }
  if (err.statusCode === 404 || err.code === 'resource_missing') {
    return new PaymentError('not_found', message, err.code ?? 'resource_missing');
  }
  if (err.statusCode === 400 || err.type === 'StripeInvalidRequestError') {
    return new PaymentError('invalid', message, err.code ?? 'invalid_request', field);
  }
  // 401 (a wrong key), 429, 5xx and connection failures: nothing the person at the screen can fix.
  return new PaymentError('unavailable', PROVIDER_UNAVAILABLE, err.code ?? `http_${err.statusCode ?? 0}`);
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asPaymentError(err);
  }
}

const customerOf = (pm: Stripe.PaymentMethod) =>
  typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);

/** A PaymentIntent's state as the adapter's result. */
function intentResult(pi: Stripe.PaymentIntent): ChargeResult {
  if (pi.status === 'succeeded')
    return { id: pi.id, status: 'succeeded', failureCode: null, failureMessage: null };
  if (pi.status === 'processing')
    return { id: pi.id, status: 'pending', failureCode: null, failureMessage: null };
  const error = pi.last_payment_error;
  if (pi.status === 'requires_action') {
    return {
      id: pi.id,
      status: 'failed',
      failureCode: 'authentication_required',
      failureMessage: 'This card needs the cardholder to authenticate the payment.',
    };
  }
  return {
    id: pi.id,
    status: 'failed',
    failureCode: error?.decline_code ?? error?.code ?? pi.status,
    failureMessage: error?.message ?? 'The payment did not go through.',
  };
}

export class StripePaymentsProvider implements PaymentsProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    baseUrl: string,
    apiKey: string,
    private readonly webhookSecret?: string,
  ) {
    const url = new URL(baseUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(apiKey, {
      host: url.hostname,
      port: url.port || (protocol === 'http' ? 80 : 443),
      protocol,
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
    });
  }

  private toCard(pm: Stripe.PaymentMethod, defaultId: string | null | undefined): ProviderCard {
    const card = pm.card!;
    return {
      id: pm.id,
      brand: brandName(card.brand),
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      holderName: pm.billing_details?.name ?? null,
      isDefault: pm.id === defaultId,
    };
  }

  private async defaultOf(customerId: string): Promise<string | null> {
    const c = await call(() => this.stripe.customers.retrieve(customerId));
    if (c.deleted) throw new PaymentError('not_found', 'No such customer', 'resource_missing');
    const pm = c.invoice_settings?.default_payment_method;
    return typeof pm === 'string' ? pm : (pm?.id ?? null);
  }

  private async setDefault(customerId: string, cardId: string) {
    await call(() =>
      this.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: cardId } }),
    );
  }

  /** The customer's own card, or not found (another customer's card is nobody's business here). */
  private async ownCard(customerId: string, cardId: string) {
    const card = await call(() => this.stripe.paymentMethods.retrieve(cardId));
    if (customerOf(card) !== customerId)
      throw new PaymentError('not_found', 'No such card', 'resource_missing');
    return card;
  }

  async createCustomer(scope: PaymentScope, c: NewCustomer) {
    const customer = await call(() =>
      this.stripe.customers.create(
        {
          name: c.name,
          email: c.email ?? undefined,
          metadata: { organization_id: scope.organizationId, contact_id: c.contactId },
        },
        { idempotencyKey: `customer-${scope.organizationId}-${c.idempotencyKey}` },
      ),
    );
    return { id: customer.id };
  }

  async addCard(_scope: PaymentScope, customerId: string, input: CardInput, makeDefault: boolean) {
    let attached: Stripe.PaymentMethod;
    if ('token' in input && input.token.startsWith('pm_')) {
      // Collected by Stripe's card element through a SetupIntent: already attached to the customer.
      const pm = await call(() => this.stripe.paymentMethods.retrieve(input.token));
      const owner = customerOf(pm);
      if (owner && owner !== customerId)
        throw new PaymentError('not_found', 'No such card', 'resource_missing');
      attached = owner
        ? pm
        : await call(() => this.stripe.paymentMethods.attach(pm.id, { customer: customerId }));
    } else {
      const card =
        'token' in input
          ? { token: input.token }
          : {
              number: digitsOf(input.number),
              exp_month: input.expMonth,
              exp_year: input.expYear,
              cvc: input.cvc,
            };
      const created = await call(() =>
        this.stripe.paymentMethods.create({
          type: 'card',
          card,
          billing_details: input.holderName ? { name: input.holderName } : undefined,
        }),
      );
      attached = await call(() => this.stripe.paymentMethods.attach(created.id, { customer: customerId }));
    }
    if (makeDefault) await this.setDefault(customerId, attached.id);
    return this.toCard(attached, makeDefault ? attached.id : await this.defaultOf(customerId));
  }

  async listCards(_scope: PaymentScope, customerId: string) {
    const [list, defaultId] = await Promise.all([
      call(() => this.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 100 })),
      this.defaultOf(customerId),
    ]);
    return list.data.map((pm) => this.toCard(pm, defaultId));
  }

  async updateCard(
    _scope: PaymentScope,
    customerId: string,
    cardId: string,
    change: { expMonth?: number; expYear?: number; makeDefault?: boolean },
  ) {
    let card = await this.ownCard(customerId, cardId);
    if (change.expMonth !== undefined) {
      card = await call(() =>
        this.stripe.paymentMethods.update(cardId, {
          card: { exp_month: change.expMonth, exp_year: change.expYear },
        }),
      );
    }
    if (change.makeDefault) await this.setDefault(customerId, cardId);
    return this.toCard(card, change.makeDefault ? cardId : await this.defaultOf(customerId));
  }

  async removeCard(_scope: PaymentScope, customerId: string, cardId: string) {
    await this.ownCard(customerId, cardId);
    await call(() => this.stripe.paymentMethods.detach(cardId));
  }

  async charge(scope: PaymentScope, req: ChargeRequest): Promise<ChargeResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: req.amountCents,
          currency: req.currency,
          customer: req.customerId,
          payment_method: req.cardId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          off_session: req.offSession || undefined,
          description: req.description,
          metadata: {
            ...req.metadata,
            organization_id: scope.organizationId,
            idempotency_key: req.idempotencyKey,
          },
        },
        { idempotencyKey: req.idempotencyKey },
      );
      return intentResult(pi);
    } catch (err) {
      if (isStripeError(err) && err.type === 'StripeCardError') {
        const intent = (err.raw as { payment_intent?: { id?: string } } | undefined)?.payment_intent;
        return {
          id: err.payment_intent?.id ?? intent?.id ?? null,
          status: 'failed',
          failureCode: err.decline_code ?? err.code ?? 'card_declined',
          failureMessage: err.message,
        };
      }
      throw asPaymentError(err);
    }
  }

  async findCharge(_scope: PaymentScope, customerId: string, idempotencyKey: string) {
    const list = await call(() => this.stripe.paymentIntents.list({ customer: customerId, limit: 100 }));
    const found = list.data.find((pi) => pi.metadata?.idempotency_key === idempotencyKey);
    return found ? intentResult(found) : null;
  }

  async refund(_scope: PaymentScope, req: RefundRequest): Promise<RefundResult> {
    const refund = await call(() =>
      this.stripe.refunds.create(
        { payment_intent: req.chargeId, amount: req.amountCents },
        { idempotencyKey: req.idempotencyKey },
      ),
    );
    const status =
      refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending';
    return { id: refund.id, status, failureMessage: refund.failure_reason ?? null };
  }

  async setupCard(_scope: PaymentScope, customerId: string) {
    const intent = await call(() =>
      this.stripe.setupIntents.create({
        customer: customerId,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        usage: 'off_session',
      }),
    );
    if (!intent.client_secret)
      throw new PaymentError('unavailable', PROVIDER_UNAVAILABLE, 'no_client_secret');
    return { clientSecret: intent.client_secret };
  }

  parseEvent(rawBody: Buffer, signature: string): PaymentEvent {
    if (!this.webhookSecret)
      throw new PaymentError('invalid', 'Webhooks are not configured', 'no_webhook_secret');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    if (event.type.startsWith('payment_intent.')) {
      const pi = event.data.object as Stripe.PaymentIntent;
      const settles =
        event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.payment_failed';
      return {
        id: event.id,
        type: event.type,
        paymentRef: pi.id,
        outcome: settles ? intentResult(pi) : null,
        metadata: pi.metadata ?? {},
      };
    }
    return { id: event.id, type: event.type, paymentRef: null, outcome: null, metadata: {} };
  }
}
