import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brandOf, luhnValid } from './card-rules.ts';

/*
 * A local stand-in for the card provider's HTTP API, started by the tests: the subset of
 * Stripe's documented API the Stripe provider uses (customers; payment methods: create, attach,
 * retrieve, update, list, detach; payment intents: create and confirm, list; refunds; setup
 * intents), with its form-encoded requests, bearer key, idempotency keys (forgotten on demand, as
 * Stripe forgets them after 24 hours), 402 card errors and 404 missing resources. Saved test
 * cards charge as Stripe's do: 4000 0000 0000 0341 is declined, 4000 0025 0000 3155 needs
 * authentication off-session. It records every request it receives.
 */

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

interface Customer {
  id: string;
  object: 'customer';
  name: string | null;
  email: string | null;
  metadata: Record<string, string>;
  invoice_settings: { default_payment_method: string | null };
}
interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  customer: string | null;
  billing_details: { name: string | null };
  card: { brand: string; last4: string; exp_month: number; exp_year: number };
}
interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string;
  payment_method: string;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action';
  metadata: Record<string, string>;
  last_payment_error: { code: string; decline_code?: string; message: string } | null;
  refunded: number;
  created: number;
}

/** How charges on a saved card go, by its number (Stripe's test cards). */
const OUTCOMES: Record<string, 'decline' | 'authenticate'> = {
  '4000000000000341': 'decline',
  '4000002500003155': 'authenticate',
};

const BRAND_CODES: Record<string, string> = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  'American Express': 'amex',
  Discover: 'discover',
};
const TOKENS: Record<string, string> = {
  tok_visa: '4242424242424242',
  tok_mastercard: '5555555555554444',
  tok_chargeCustomerFail: '4000000000000341',
};

const cardError = (code: string, message: string, param?: string, decline?: string) => ({
  status: 402,
  body: { error: { type: 'card_error', code, message, param, decline_code: decline } },
});
const missing = (what: string, id: string) => ({
  status: 404,
  body: {
    error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` },
  },
});

export async function startStripeStandIn(key = `sk_test_${randomBytes(8).toString('hex')}`) {
  const customers = new Map<string, Customer>();
  const methods = new Map<string, PaymentMethod>();
  const outcomes = new Map<string, 'decline' | 'authenticate'>();
  const intents = new Map<string, PaymentIntent>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const settings = { asyncCharges: false };
  const requests: StandInRequest[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

  const metadataOf = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice(9, -1), v]),
    );

  function createIntent(form: Record<string, string>) {
    const pm = methods.get(form.payment_method ?? '');
    if (!pm || pm.customer !== form.customer) return missing('payment_method', form.payment_method ?? '');
    const outcome = outcomes.get(pm.id);
    const pi: PaymentIntent = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(form.amount),
      amount_received: 0,
      currency: form.currency ?? 'usd',
      customer: form.customer!,
      payment_method: pm.id,
      status: 'succeeded',
      metadata: metadataOf(form),
      last_payment_error: null,
      refunded: 0,
      created: Math.floor(Date.now() / 1000),
    };
    intents.set(pi.id, pi);
    const failure =
      outcome === 'decline'
        ? { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' }
        : outcome === 'authenticate' && form.off_session === 'true'
          ? {
              code: 'authentication_required',
              decline_code: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            }
          : null;
    if (failure) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = failure;
      return { status: 402, body: { error: { type: 'card_error', ...failure, payment_intent: pi } } };
    }
    if (settings.asyncCharges) pi.status = 'processing';
    else pi.amount_received = pi.amount;
    return { status: 200, body: pi };
  }

  function refund(form: Record<string, string>) {
    const pi = intents.get(form.payment_intent ?? '');
    if (!pi) return missing('payment_intent', form.payment_intent ?? '');
    const amount = Number(form.amount ?? pi.amount_received - pi.refunded);
    if (pi.status !== 'succeeded' || amount > pi.amount_received - pi.refunded) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`,
          },
        },
      };
    }
    pi.refunded += amount;
    return {
      status: 200,
      body: { id: id('re'), object: 'refund', amount, payment_intent: pi.id, status: 'succeeded' },
    };
  }

  function route(method: string, path: string, form: Record<string, string>, q: URLSearchParams) {
    const parts = path.split('/').filter(Boolean); // v1, resource, id, action
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    if (method === 'GET' && path === '/v1/payment_intents') {
      const data = [...intents.values()].filter((pi) => pi.customer === q.get('customer')).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false } };
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(form);
    if (method === 'POST' && path === '/v1/setup_intents') {
      const si = id('seti');
      return {
        status: 200,
        body: {
          id: si,
          object: 'setup_intent',
          client_secret: `${si}_secret_${id('s')}`,
          status: 'requires_payment_method',
        },
      };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const c: Customer = {
        id: id('cus'),
        object: 'customer',
        name: form.name ?? null,
        email: form.email ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice(9, -1), v]),
        ),
        invoice_settings: { default_payment_method: null },
      };
      customers.set(c.id, c);
      return { status: 200, body: c };
    }
    if (parts[1] === 'customers' && parts[2]) {
      const c = customers.get(parts[2]);
      if (!c) return missing('customer', parts[2]);
      const pm = form['invoice_settings[default_payment_method]'];
      if (method === 'POST' && pm !== undefined) {
        if (methods.get(pm)?.customer !== c.id) return missing('payment_method', pm);
        c.invoice_settings.default_payment_method = pm;
      }
      return { status: 200, body: c };
    }
    if (parts[1] !== 'payment_methods')
      return { status: 404, body: { error: { message: 'Unrecognized request URL' } } };
    if (method === 'GET' && !parts[2]) {
      const data = [...methods.values()].filter((m) => m.customer === q.get('customer'));
      return { status: 200, body: { object: 'list', data, has_more: false } };
    }
    if (method === 'POST' && !parts[2]) {
      if (form.type !== 'card')
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid type' } } };
      const number = form['card[token]'] ? TOKENS[form['card[token]']] : form['card[number]'];
      if (!number || !luhnValid(number)) {
        return cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
      }
      const pm: PaymentMethod = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: null,
        billing_details: { name: form['billing_details[name]'] ?? null },
        card: {
          brand: BRAND_CODES[brandOf(number)] ?? 'unknown',
          last4: number.slice(-4),
          exp_month: Number(form['card[exp_month]'] ?? 12),
          exp_year: Number(form['card[exp_year]'] ?? 2034),
        },
      };
      // Stripe checks the card with the bank when it is attached; this number is always declined.
      if (number === '4000000000000002') (pm as PaymentMethod & { declined?: boolean }).declined = true;
      const outcome = OUTCOMES[number];
      if (outcome) outcomes.set(pm.id, outcome);
      methods.set(pm.id, pm);
      return { status: 200, body: pm };
    }
    const pm = methods.get(parts[2] ?? '');
    if (!pm) return missing('payment_method', parts[2] ?? '');
    if (parts[3] === 'attach') {
      if (!customers.has(form.customer ?? '')) return missing('customer', form.customer ?? '');
      if ((pm as PaymentMethod & { declined?: boolean }).declined) {
        return cardError('card_declined', 'Your card was declined.', undefined, 'generic_decline');
      }
      pm.customer = form.customer!;
    } else if (parts[3] === 'detach') {
      const owner = customers.get(pm.customer ?? '');
      if (owner?.invoice_settings.default_payment_method === pm.id)
        owner.invoice_settings.default_payment_method = null;
      pm.customer = null;
    } else if (method === 'POST') {
      if (form['card[exp_month]']) pm.card.exp_month = Number(form['card[exp_month]']);
      if (form['card[exp_year]']) pm.card.exp_year = Number(form['card[exp_year]']);
    }
    return { status: 200, body: pm };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({ method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${key}`) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
        return send(400, { error: { type: 'invalid_request_error', message: 'Form-encoded bodies only' } });
      }
      const idem = req.headers['idempotency-key'];
      const replay = typeof idem === 'string' ? replays.get(idem) : undefined;
      if (replay) return send(replay.status, replay.body);
      const { status, body } = route(req.method ?? 'GET', url.pathname, form, url.searchParams);
      // Like Stripe, an answer (a card error too) is replayed for its key; a 5xx is not.
      if (typeof idem === 'string' && status < 500) replays.set(idem, { status, body });
      send(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    customers,
    intents,
    settings,
    /** Stripe keeps idempotency keys for 24 hours: this is the day passing. */
    forgetKeys: () => replays.clear(),
    /** Charges that took money. */
    succeededCharges: () => [...intents.values()].filter((pi) => pi.status === 'succeeded'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
