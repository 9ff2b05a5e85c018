import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brandOf, luhnValid } from './card-rules.ts';

/*
 * A local stand-in for the card provider's HTTP API, started by the tests: the subset of
 * Stripe's documented API the Stripe provider uses (customers, payment methods: create, attach,
 * retrieve, update, list, detach), with its form-encoded requests, bearer key, idempotency keys,
 * 402 card errors and 404 missing resources. It records every request it receives.
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

const BRAND_CODES: Record<string, string> = {
  Visa: 'visa',
  Mastercard: 'mastercard',
  'American Express': 'amex',
  Discover: 'discover',
};
const TOKENS: Record<string, string> = { tok_visa: '4242424242424242', tok_mastercard: '5555555555554444' };

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
  const replays = new Map<string, unknown>();
  const requests: StandInRequest[] = [];
  const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

  function route(method: string, path: string, form: Record<string, string>, q: URLSearchParams) {
    const parts = path.split('/').filter(Boolean); // v1, resource, id, action
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
      if (typeof idem === 'string' && replays.has(idem)) return send(200, replays.get(idem));
      const { status, body } = route(req.method ?? 'GET', url.pathname, form, url.searchParams);
      if (typeof idem === 'string' && status === 200) replays.set(idem, body);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
