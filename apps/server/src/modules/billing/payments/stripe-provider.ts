import { brandName, digitsOf } from './card-rules.ts';
import {
  type CardInput,
  type NewCustomer,
  PaymentError,
  type PaymentScope,
  type PaymentsProvider,
  PROVIDER_UNAVAILABLE,
  type ProviderCard,
} from './payments.adapter.ts';

/*
 * A real card provider speaking Stripe's documented HTTP API (https://docs.stripe.com/api):
 * form-encoded POSTs with a bearer secret key, JSON answers, errors as
 * { error: { type, code, decline_code, message, param } }. Cards are PaymentMethods attached to a
 * Customer; the default card is the customer's invoice_settings.default_payment_method.
 *   createCustomer  POST /v1/customers                       (Idempotency-Key)
 *   addCard         POST /v1/payment_methods, then POST /v1/payment_methods/{id}/attach
 *   listCards       GET  /v1/payment_methods?customer=&type=card, GET /v1/customers/{id}
 *   updateCard      POST /v1/payment_methods/{id} (card[exp_month], card[exp_year])
 *   default card    POST /v1/customers/{id} (invoice_settings[default_payment_method])
 *   removeCard      POST /v1/payment_methods/{id}/detach
 */

interface StripeCard {
  id: string;
  customer: string | null;
  billing_details?: { name?: string | null };
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}
interface StripeCustomer {
  id: string;
  invoice_settings?: { default_payment_method?: string | null };
}
interface StripeErrorBody {
  error?: { type?: string; code?: string; decline_code?: string; message?: string; param?: string };
}

const TIMEOUT_MS = 15_000;

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

export class StripePaymentsProvider implements PaymentsProvider {
  readonly name = 'stripe' as const;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string | number | undefined> = {},
    idempotencyKey?: string,
  ): Promise<T> {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) form.append(k, String(v));
    const url =
      method === 'GET' && [...form].length > 0 ? `${this.baseUrl}${path}?${form}` : `${this.baseUrl}${path}`;
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers,
        body: method === 'POST' ? form.toString() : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new PaymentError('unavailable', PROVIDER_UNAVAILABLE, 'network_error');
    }
    const body = (await res.json().catch(() => ({}))) as T & StripeErrorBody;
    if (res.ok) return body;
    const e = body.error ?? {};
    const message = e.message ?? PROVIDER_UNAVAILABLE;
    const field = e.param ? FIELDS[e.param] : undefined;
    if (res.status === 402 || e.type === 'card_error') {
      throw new PaymentError('card', message, e.decline_code ?? e.code ?? 'card_declined', field ?? 'number');
    }
    if (res.status === 404) throw new PaymentError('not_found', message, e.code ?? 'resource_missing');
    if (res.status === 400) throw new PaymentError('invalid', message, e.code ?? 'invalid_request', field);
    // 401 (a wrong key), 429 and 5xx: nothing the person at the screen can fix.
    throw new PaymentError('unavailable', PROVIDER_UNAVAILABLE, e.code ?? `http_${res.status}`);
  }

  private toCard(pm: StripeCard, defaultId: string | null | undefined): ProviderCard {
    return {
      id: pm.id,
      brand: brandName(pm.card.brand),
      last4: pm.card.last4,
      expMonth: pm.card.exp_month,
      expYear: pm.card.exp_year,
      holderName: pm.billing_details?.name ?? null,
      isDefault: pm.id === defaultId,
    };
  }

  private async defaultOf(customerId: string): Promise<string | null> {
    const c = await this.call<StripeCustomer>('GET', `/v1/customers/${encodeURIComponent(customerId)}`);
    return c.invoice_settings?.default_payment_method ?? null;
  }

  private setDefault(customerId: string, cardId: string) {
    return this.call<StripeCustomer>('POST', `/v1/customers/${encodeURIComponent(customerId)}`, {
      'invoice_settings[default_payment_method]': cardId,
    });
  }

  async createCustomer(scope: PaymentScope, c: NewCustomer) {
    const customer = await this.call<StripeCustomer>(
      'POST',
      '/v1/customers',
      {
        name: c.name,
        email: c.email ?? undefined,
        'metadata[organization_id]': scope.organizationId,
        'metadata[contact_id]': c.contactId,
      },
      `customer-${scope.organizationId}-${c.idempotencyKey}`,
    );
    return { id: customer.id };
  }

  async addCard(_scope: PaymentScope, customerId: string, input: CardInput, makeDefault: boolean) {
    const details =
      'token' in input
        ? { 'card[token]': input.token }
        : {
            'card[number]': digitsOf(input.number),
            'card[exp_month]': input.expMonth,
            'card[exp_year]': input.expYear,
            'card[cvc]': input.cvc,
          };
    const created = await this.call<StripeCard>('POST', '/v1/payment_methods', {
      type: 'card',
      ...details,
      'billing_details[name]': input.holderName,
    });
    const attached = await this.call<StripeCard>(
      'POST',
      `/v1/payment_methods/${encodeURIComponent(created.id)}/attach`,
      { customer: customerId },
    );
    if (makeDefault) await this.setDefault(customerId, attached.id);
    return this.toCard(attached, makeDefault ? attached.id : await this.defaultOf(customerId));
  }

  async listCards(_scope: PaymentScope, customerId: string) {
    const [list, defaultId] = await Promise.all([
      this.call<{ data: StripeCard[] }>('GET', '/v1/payment_methods', {
        customer: customerId,
        type: 'card',
        limit: 100,
      }),
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
    const path = `/v1/payment_methods/${encodeURIComponent(cardId)}`;
    let card = await this.call<StripeCard>('GET', path);
    if (card.customer !== customerId) throw new PaymentError('not_found', 'No such card', 'resource_missing');
    if (change.expMonth !== undefined) {
      card = await this.call<StripeCard>('POST', path, {
        'card[exp_month]': change.expMonth,
        'card[exp_year]': change.expYear,
      });
    }
    if (change.makeDefault) await this.setDefault(customerId, cardId);
    return this.toCard(card, change.makeDefault ? cardId : await this.defaultOf(customerId));
  }

  async removeCard(_scope: PaymentScope, customerId: string, cardId: string) {
    const card = await this.call<StripeCard>('GET', `/v1/payment_methods/${encodeURIComponent(cardId)}`);
    if (card.customer !== customerId) throw new PaymentError('not_found', 'No such card', 'resource_missing');
    await this.call('POST', `/v1/payment_methods/${encodeURIComponent(cardId)}/detach`);
  }
}
