import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '../../../../db/client.ts';
import type { ChargeRequest, PaymentScope } from '../payments.adapter.ts';
import type { sandboxPaymentCharges } from '../sandbox.tables.ts';

// The sandbox's charge statements, sent on the pool as plain SQL with no tenant transaction (each
// names its organisation): the billing run charges a batch of up to 500 cards in one statement.
// See README.md for the figure they hold.

/** A charge as the sandbox stored it (the statements name their columns as the table's fields). */
export type ChargeRow = Pick<
  typeof sandboxPaymentCharges.$inferSelect,
  'id' | 'failureCode' | 'failureMessage'
> & {
  status: 'succeeded' | 'failed';
};

/** One charge on a saved card; answers nothing when its key was used before (or the card is gone). */
export async function insertCharge(
  database: DatabaseHandle,
  scope: PaymentScope,
  req: ChargeRequest,
): Promise<ChargeRow | undefined> {
  const [made] = await database.query<ChargeRow>(
    `with card as (
       select k.charge_outcome as outcome from sandbox_payment_cards k
       where k.organization_id = $1 and k.id = $5 and k.customer_id = $4)
     insert into sandbox_payment_charges as x (organization_id, id, idempotency_key, customer_id, card_id,
       amount_cents, currency, status, failure_code, failure_message)
     select $1, $2, $3, $4, $5, $6, $7,
       case when outcome = 'succeed' or (outcome = 'authenticate' and not $8) then 'succeeded' else 'failed' end,
       case when outcome = 'decline' then 'card_declined'
            when outcome = 'authenticate' and $8 then 'authentication_required' end,
       case when outcome = 'decline' then 'Your card was declined.'
            when outcome = 'authenticate' and $8 then 'This card needs the cardholder to authenticate the payment.' end
     from card
     on conflict (organization_id, idempotency_key) do nothing
     returning x.id, x.status, x.failure_code as "failureCode", x.failure_message as "failureMessage"`,
    [
      scope.organizationId,
      `ch_sbx_${randomBytes(12).toString('hex')}`,
      req.idempotencyKey,
      req.customerId,
      req.cardId,
      req.amountCents,
      req.currency,
      req.offSession,
    ],
  );
  return made;
}

/** The runner's batch in one statement: each request's charge (made now, or earlier with its key). */
export function insertCharges(
  requests: readonly (ChargeRequest & PaymentScope)[],
  database: DatabaseHandle,
): Promise<(ChargeRow & { ord: number })[]> {
  const json = JSON.stringify(
    requests.map((r, ord) => ({
      ord,
      o: r.organizationId,
      id: `ch_sbx_${randomBytes(12).toString('hex')}`,
      key: r.idempotencyKey,
      customer: r.customerId,
      card: r.cardId,
      amount: r.amountCents,
      currency: r.currency,
      off: r.offSession,
    })),
  );
  return database.query<ChargeRow & { ord: number }>(
    `with x as (
       select * from jsonb_to_recordset($1::jsonb) as x(ord int, o uuid, id text, key text, customer text,
         card text, amount int, currency text, off boolean)),
     ins as (
       insert into sandbox_payment_charges as c (organization_id, id, idempotency_key, customer_id, card_id,
         amount_cents, currency, status, failure_code, failure_message)
       select x.o, x.id, x.key, x.customer, x.card, x.amount, x.currency,
         case when k.charge_outcome = 'succeed' or (k.charge_outcome = 'authenticate' and not x.off)
           then 'succeeded' else 'failed' end,
         case when k.charge_outcome = 'decline' then 'card_declined'
              when k.charge_outcome = 'authenticate' and x.off then 'authentication_required' end,
         case when k.charge_outcome = 'decline' then 'Your card was declined.'
              when k.charge_outcome = 'authenticate' and x.off
                then 'This card needs the cardholder to authenticate the payment.' end
       from x join sandbox_payment_cards k on k.organization_id = x.o and k.id = x.card and k.customer_id = x.customer
       where x.amount > 0
       on conflict (organization_id, idempotency_key) do nothing
       returning c.organization_id, c.idempotency_key, c.id, c.status, c.failure_code, c.failure_message)
     select x.ord, coalesce(ins.id, c.id) as id, coalesce(ins.status, c.status) as status,
       coalesce(ins.failure_code, c.failure_code) as "failureCode",
       coalesce(ins.failure_message, c.failure_message) as "failureMessage"
     from x
     left join ins on ins.organization_id = x.o and ins.idempotency_key = x.key
     -- A lookup by key for each repeated charge: joined plainly, the planner (which cannot count
     -- the rows of x or ins) read the whole key index once a batch, a second at 100,000 charges.
     left join lateral (select c.id, c.status, c.failure_code, c.failure_message from sandbox_payment_charges c
       where ins.id is null and c.organization_id = x.o and c.idempotency_key = x.key offset 0) c on true`,
    [json],
  );
}

/** The charge made with an idempotency key, if any. */
export async function chargeByKey(
  database: DatabaseHandle,
  orgId: string,
  idempotencyKey: string,
): Promise<ChargeRow | undefined> {
  const [row] = await database.query<ChargeRow>(
    `select id, status, failure_code as "failureCode", failure_message as "failureMessage" from sandbox_payment_charges
     where organization_id = $1 and idempotency_key = $2`,
    [orgId, idempotencyKey],
  );
  return row;
}
