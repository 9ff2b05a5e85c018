import type { AddCardBody, PaymentCardAnswer, UpdateCardBody } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { PaymentError, type PaymentsProvider, type ProviderCard } from '../payments/index.ts';
import { recordActivity } from './contact-activities.service.ts';
import { isoText, rowsOf } from './contact-query.ts';

// A contact's payment cards (core §7 Payments) through the payments adapter. Provider calls are
// made between short tenant transactions, never inside one, so a slow provider holds no
// database connection; the saved copy (brand, last four, expiry, the provider's token) answers
// the list without calling the provider.

/** Runs one tenant transaction for the request (req.tenant). */
export type TenantRun = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

interface CardRow {
  id: string;
  contact_id: string;
  provider: string;
  provider_card_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string | null;
  is_default: boolean;
  created_at: string;
}

const toAnswer = (r: CardRow): PaymentCardAnswer => ({
  _id: r.id,
  contactId: r.contact_id,
  provider: r.provider,
  brand: r.brand,
  last4: r.last4,
  expMonth: Number(r.exp_month),
  expYear: Number(r.exp_year),
  holderName: r.holder_name,
  isDefault: r.is_default,
  createdAt: r.created_at,
});

/** Provider refusals as the API's errors: a refused card is a 400 naming the field. */
async function viaProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof PaymentError)) throw err;
    if (err.kind === 'not_found') throw notFound('Card');
    if (err.kind === 'unavailable') throw new AppError('INTERNAL', err.message);
    const field = err.field ?? 'number';
    throw new AppError('BAD_REQUEST', err.message, [{ field, message: err.message, code: err.code }]);
  }
}

const cardsSql = (orgId: string, contactId: string, provider: string) => sql`
  select id, contact_id, provider, provider_card_id, brand, last4, exp_month, exp_year, holder_name, is_default,
         ${isoText(sql`created_at`)} as created_at
  from payment_cards where organization_id = ${orgId} and contact_id = ${contactId} and provider = ${provider}
  order by created_at, id`;

interface Holder {
  fullName: string;
  email: string | null;
  customerRef: string | null;
  cards: CardRow[];
}

/** The live contact with its provider customer and saved cards, in one statement (404 if none). */
async function holderOf(tx: Tx, orgId: string, contactId: string, provider: string): Promise<Holder> {
  const [row] = await rowsOf<{
    full_name: string;
    email: string | null;
    customer_ref: string | null;
    cards: CardRow[] | string;
  }>(
    tx,
    sql`select c.full_name, c.email, pc.customer_ref,
          coalesce((select json_agg(k) from (${cardsSql(orgId, contactId, provider)}) k), '[]'::json) as cards
        from contacts c
        left join payment_customers pc on pc.organization_id = c.organization_id and pc.contact_id = c.id
          and pc.provider = ${provider}
        where c.organization_id = ${orgId} and c.id = ${contactId} and c.deleted_at is null`,
  );
  if (!row) throw notFound('Contact');
  const cards = typeof row.cards === 'string' ? (JSON.parse(row.cards) as CardRow[]) : row.cards;
  return { fullName: row.full_name, email: row.email, customerRef: row.customer_ref, cards };
}

export class PaymentCards {
  constructor(private readonly provider: PaymentsProvider) {}

  private scope(ctx: RequestContext) {
    return { organizationId: ctx.organizationId };
  }

  async list(run: TenantRun, ctx: RequestContext, contactId: string, refresh: boolean) {
    const holder = await run((tx) => holderOf(tx, ctx.organizationId, contactId, this.provider.name));
    if (!refresh || !holder.customerRef) return { list: holder.cards.map(toAnswer) };
    const fresh = await viaProvider(() => this.provider.listCards(this.scope(ctx), holder.customerRef!));
    return run(async (tx) => {
      await this.lockContact(tx, ctx, contactId);
      await tx.execute(sql`delete from payment_cards where organization_id = ${ctx.organizationId}
        and contact_id = ${contactId} and provider = ${this.provider.name}
        and not (provider_card_id = any(${sql.param(fresh.map((c) => c.id))}::text[]))`);
      await tx.execute(sql`update payment_cards set is_default = false where organization_id = ${ctx.organizationId}
        and contact_id = ${contactId} and provider = ${this.provider.name}`);
      for (const card of fresh) await this.save(tx, ctx, contactId, card);
      return {
        list: (await rowsOf<CardRow>(tx, cardsSql(ctx.organizationId, contactId, this.provider.name))).map(
          toAnswer,
        ),
      };
    });
  }

  async add(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    body: AddCardBody,
  ): Promise<PaymentCardAnswer> {
    const holder = await run((tx) => holderOf(tx, ctx.organizationId, contactId, this.provider.name));
    const customerRef = holder.customerRef ?? (await this.createCustomer(run, ctx, contactId, holder));
    const makeDefault = body.makeDefault === true || holder.cards.length === 0;
    const input = body.token
      ? { token: body.token, holderName: body.holderName }
      : {
          number: body.number!,
          expMonth: body.expMonth!,
          expYear: body.expYear!,
          cvc: body.cvc,
          holderName: body.holderName,
        };
    const card = await viaProvider(() =>
      this.provider.addCard(this.scope(ctx), customerRef, input, makeDefault),
    );
    return run(async (tx) => {
      await this.lockContact(tx, ctx, contactId);
      const saved = await this.save(tx, ctx, contactId, card);
      await this.activity(
        tx,
        ctx,
        contactId,
        'payment.card_added',
        `Card added (${card.brand} •••• ${card.last4})`,
      );
      return saved;
    });
  }

  async update(
    run: TenantRun,
    ctx: RequestContext,
    contactId: string,
    body: UpdateCardBody,
  ): Promise<PaymentCardAnswer> {
    const { holder, card } = await this.cardOf(run, ctx, contactId, body.cardId);
    const change = { expMonth: body.expMonth, expYear: body.expYear, makeDefault: body.isDefault === true };
    const updated = await viaProvider(() =>
      this.provider.updateCard(this.scope(ctx), holder.customerRef!, card.provider_card_id, change),
    );
    return run(async (tx) => {
      await this.lockContact(tx, ctx, contactId);
      const saved = await this.save(tx, ctx, contactId, updated);
      await this.activity(
        tx,
        ctx,
        contactId,
        'payment.card_updated',
        `Card updated (${saved.brand} •••• ${saved.last4})`,
      );
      return saved;
    });
  }

  async remove(run: TenantRun, ctx: RequestContext, contactId: string, cardId: string): Promise<void> {
    const { holder, card } = await this.cardOf(run, ctx, contactId, cardId);
    const scope = this.scope(ctx);
    await viaProvider(() => this.provider.removeCard(scope, holder.customerRef!, card.provider_card_id));
    // The newest remaining card takes over as the default.
    const next = card.is_default ? holder.cards.filter((c) => c.id !== card.id).at(-1) : undefined;
    const promoted = next
      ? await viaProvider(() =>
          this.provider.updateCard(scope, holder.customerRef!, next.provider_card_id, { makeDefault: true }),
        )
      : null;
    await run(async (tx) => {
      await this.lockContact(tx, ctx, contactId);
      await tx.execute(
        sql`delete from payment_cards where organization_id = ${ctx.organizationId} and id = ${card.id}`,
      );
      if (promoted) await this.save(tx, ctx, contactId, promoted);
      await this.activity(
        tx,
        ctx,
        contactId,
        'payment.card_removed',
        `Card removed (${card.brand} •••• ${card.last4})`,
      );
    });
  }

  private async cardOf(run: TenantRun, ctx: RequestContext, contactId: string, cardId: string) {
    const holder = await run((tx) => holderOf(tx, ctx.organizationId, contactId, this.provider.name));
    const card = holder.cards.find((c) => c.id === cardId);
    if (!card || !holder.customerRef) throw notFound('Card');
    return { holder, card };
  }

  /** The provider's customer for the contact; two racing requests end with the same one. */
  private async createCustomer(run: TenantRun, ctx: RequestContext, contactId: string, holder: Holder) {
    const made = await viaProvider(() =>
      this.provider.createCustomer(this.scope(ctx), {
        contactId,
        name: holder.fullName,
        email: holder.email,
        idempotencyKey: `contact-${contactId}`,
      }),
    );
    return run(async (tx) => {
      await tx.execute(sql`insert into payment_customers (organization_id, contact_id, provider, customer_ref)
        values (${ctx.organizationId}, ${contactId}, ${this.provider.name}, ${made.id}) on conflict do nothing`);
      const [row] = await rowsOf<{ customer_ref: string }>(
        tx,
        sql`select customer_ref from payment_customers where organization_id = ${ctx.organizationId}
            and contact_id = ${contactId} and provider = ${this.provider.name}`,
      );
      return row!.customer_ref;
    });
  }

  /** Serialises card writes per contact (one default card at a time); 404 if the contact went away. */
  private async lockContact(tx: Tx, ctx: RequestContext, contactId: string): Promise<void> {
    const r = await tx.execute(sql`select 1 from contacts where organization_id = ${ctx.organizationId}
      and id = ${contactId} and deleted_at is null for update`);
    if (r.rows.length === 0) throw notFound('Contact');
  }

  /** Upserts the saved copy of a provider card; a default card takes the flag from the others. */
  private async save(
    tx: Tx,
    ctx: RequestContext,
    contactId: string,
    card: ProviderCard,
  ): Promise<PaymentCardAnswer> {
    const orgId = ctx.organizationId;
    if (card.isDefault) {
      await tx.execute(sql`update payment_cards set is_default = false where organization_id = ${orgId}
        and contact_id = ${contactId} and provider = ${this.provider.name} and provider_card_id <> ${card.id}
        and is_default`);
    }
    const [row] = await rowsOf<CardRow>(
      tx,
      sql`insert into payment_cards (organization_id, id, contact_id, provider, provider_card_id, brand, last4,
            exp_month, exp_year, holder_name, is_default)
          values (${orgId}, ${newId()}, ${contactId}, ${this.provider.name}, ${card.id}, ${card.brand}, ${card.last4},
            ${card.expMonth}, ${card.expYear}, ${card.holderName}, ${card.isDefault})
          on conflict (organization_id, provider, provider_card_id) do update set brand = excluded.brand,
            last4 = excluded.last4, exp_month = excluded.exp_month, exp_year = excluded.exp_year,
            holder_name = excluded.holder_name, is_default = excluded.is_default, updated_at = now()
          returning id, contact_id, provider, provider_card_id, brand, last4, exp_month, exp_year, holder_name,
            is_default, ${isoText(sql`created_at`)} as created_at`,
    );
    return toAnswer(row!);
  }

  private async activity(tx: Tx, ctx: RequestContext, contactId: string, kind: string, title: string) {
    await recordActivity(tx, {
      organizationId: ctx.organizationId,
      contactId,
      kind,
      title,
      actorUserId: ctx.userId,
    });
  }
}
