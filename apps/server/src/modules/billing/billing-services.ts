import type { AddCardBody, AuthorizationSignBody, InvoicePayBody, InvoiceStatus } from '@opsuite/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { authorizationOf, authorizationPdf, signAuthorization } from './authorization/authorization.ts';
import type { PaymentCards, TenantRun } from './cards/cards.service.ts';
import { chargeInvoice, hasSavedCard, recordOutsidePayment } from './charges/charge.service.ts';
import { refundInvoice } from './charges/refund.service.ts';
import { listContracts } from './contracts.service.ts';
import { invoiceDetail, listInvoices } from './invoices.service.ts';
import type { PaymentsProvider } from './payments/index.ts';
import type { BillingRunner } from './runner/runner.ts';

// Billing's services for a running app: what its routes and other modules (the member portal)
// call. Every payment goes through the same charge path (charges/): claimed on the invoice,
// charged with an idempotency key, settled once.

export interface BillingOptions {
  database: DatabaseHandle;
  provider: PaymentsProvider;
  cards: PaymentCards;
  runner: BillingRunner;
  appUrl: string;
  /** Stripe's publishable key for the browser's card element. */
  publishableKey?: string;
  production: boolean;
}

export class BillingServices {
  readonly database: DatabaseHandle;
  readonly provider: PaymentsProvider;
  readonly cards: PaymentCards;
  readonly runner: BillingRunner;
  readonly appUrl: string;
  readonly publishableKey: string | undefined;
  readonly production: boolean;

  constructor(options: BillingOptions) {
    this.database = options.database;
    this.provider = options.provider;
    this.cards = options.cards;
    this.runner = options.runner;
    this.appUrl = options.appUrl;
    this.publishableKey = options.publishableKey;
    this.production = options.production;
  }

  private get deps() {
    return { provider: this.provider, appUrl: this.appUrl };
  }

  /** Issues and charges what a contract owes today, right after it was added or thawed. */
  async billContract(organizationId: string, contractId: string): Promise<void> {
    await this.runner.run({ organizationId, contractId });
  }

  listContracts(run: TenantRun, ctx: RequestContext, contactId: string, page = 1, pageSize = 20) {
    return run((tx) => listContracts(tx, ctx.organizationId, contactId, page, pageSize));
  }

  listInvoices(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    query: { page?: number; pageSize?: number; status?: InvoiceStatus } = {},
  ) {
    return run((tx) =>
      listInvoices(tx, ctx.organizationId, contactId, {
        page: query.page ?? 1,
        pageSize: query.pageSize ?? 10,
        status: query.status,
      }),
    );
  }

  invoiceDetail(run: TenantRun, ctx: RequestContext, contactId: string, invoiceId: string) {
    return run((tx) => invoiceDetail(tx, ctx.organizationId, contactId, invoiceId));
  }

  listCards(run: TenantRun, ctx: RequestContext, contactId: string, refresh = false) {
    return this.cards.list(run, ctx, contactId, refresh);
  }

  addCard(run: TenantRun, ctx: RequestContext, contactId: string, body: AddCardBody) {
    return this.cards.add(run, ctx, contactId, body);
  }

  /** Makes a saved card of the contact the one charged by default. */
  makeDefaultCard(run: TenantRun, ctx: RequestContext, contactId: string, cardId: string) {
    return this.cards.update(run, ctx, contactId, { cardId, isDefault: true });
  }

  /** Removes a saved card; the last one is refused (409, `lastCardRefusal`) while a contract bills. */
  removeCard(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    cardId: string,
    lastCardRefusal: string,
  ) {
    return this.cards.remove(run, ctx, contactId, cardId, lastCardRefusal);
  }

  /** The member (or staff) charges an unpaid invoice to a saved card: the default unless named. */
  payInvoice(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    invoiceId: string,
    options: { cardId?: string; requestKey?: string | null; source?: 'member' | 'staff' } = {},
  ) {
    return chargeInvoice(this.deps, run, ctx, contactId, invoiceId, {
      cardId: options.cardId,
      requestKey: options.requestKey,
      source: options.source ?? 'member',
    });
  }

  /**
   * "Mark as paid": with Card and a saved card the card is charged; otherwise the payment is
   * recorded as taken outside (cash, bank transfer, other, a card on a terminal).
   */
  async markPaid(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    invoiceId: string,
    body: InvoicePayBody,
    requestKey: string | null,
  ) {
    const charge =
      body.method === 'card' &&
      (await run((tx) => hasSavedCard(tx, ctx.organizationId, contactId, this.provider.name, body.cardId)));
    if (charge) {
      return this.payInvoice(run, ctx, contactId, invoiceId, {
        cardId: body.cardId,
        requestKey,
        source: 'staff',
      });
    }
    return run((tx) => recordOutsidePayment(tx, ctx, contactId, invoiceId, body, this.appUrl));
  }

  refund(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    invoiceId: string,
    body: { amountCents?: number; reason?: string },
  ) {
    return refundInvoice(this.deps, run, ctx, contactId, invoiceId, body);
  }

  authorization(run: TenantRun, ctx: RequestContext, contactId: string, contractId: string) {
    return run((tx) => authorizationOf(tx, ctx.organizationId, contactId, contractId));
  }

  signAuthorization(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    contractId: string,
    body: AuthorizationSignBody,
  ) {
    return run((tx) => signAuthorization(tx, ctx, contactId, contractId, body));
  }

  /** The authorization as a PDF (signed or blank), as bytes. */
  authorizationPdf(run: TenantRun, ctx: RequestContext, contactId: string, contractId: string) {
    return authorizationPdf(run, ctx.organizationId, contactId, contractId);
  }
}

const byApp = new WeakMap<object, BillingServices>();

export function setBillingServices(appServices: object, services: BillingServices): void {
  byApp.set(appServices, services);
}

/** The app's billing services (`app.services` is the key, shared by every plugin scope). */
export function billingServices(app: { services: object }): BillingServices {
  const found = byApp.get(app.services);
  if (!found) throw new Error('Billing is not registered in this app');
  return found;
}
