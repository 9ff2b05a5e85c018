import {
  AUTHORIZATION_PDF_ERROR,
  type AuthorizationAnswer,
  type AuthorizationSignBody,
  formatDayLabel,
} from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, invalid, notFound } from '../../../lib/errors.ts';
import { PdfWriter, type TextStyle } from '../../../lib/pdf/index.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { recordActivity } from '../../contacts/index.ts';
import { cardLabel, formatMoney } from '../billing-text.ts';
import type { TenantRun } from '../cards/cards.service.ts';
import { readSettings } from '../settings/settings.service.ts';

// The payment authorization a member signs for a contract: the text says what will be charged to
// which card and when; the member signs by typing their name (and may draw it). The signed text,
// the name, the drawing and the time are kept, and the PDF is made from them on request.

const PER: Record<string, string> = { weekly: 'every week', monthly: 'every month', yearly: 'every year' };

interface Facts {
  org_name: string;
  full_name: string;
  title: string;
  amount_cents: number;
  billing_interval: string;
  sign_up_fee_cents: number;
  start_date: string;
  anchor_day: string;
  brand: string | null;
  last4: string | null;
  signed_text: string | null;
  signer_name: string | null;
  signed_at: string | null;
  signed_card: string | null;
  signature_png: Buffer | Uint8Array | null;
}

async function factsOf(tx: Tx, orgId: string, contactId: string, contractId: string): Promise<Facts> {
  const [row] = await rows<Facts>(
    tx,
    sql`select o.name as org_name, c.full_name, k.title, k.amount_cents, k.billing_interval, k.sign_up_fee_cents,
          to_char(k.start_date, 'YYYY-MM-DD') as start_date,
          to_char(coalesce(k.anchor_day, k.start_date), 'YYYY-MM-DD') as anchor_day,
          pc.brand, pc.last4, a.text as signed_text, a.signer_name, ${isoText(sql`a.created_at`)} as signed_at,
          a.card_label as signed_card, a.signature_png
        from contact_contracts k
        join contacts c on c.organization_id = k.organization_id and c.id = k.contact_id
        join organizations o on o.id = k.organization_id
        left join payment_cards pc on pc.organization_id = k.organization_id and pc.contact_id = k.contact_id
          and pc.is_default
        left join payment_authorizations a on a.organization_id = k.organization_id and a.contract_id = k.id
        where k.organization_id = ${orgId} and k.contact_id = ${contactId} and k.id = ${contractId}`,
  );
  if (!row) throw notFound('Contract');
  return row;
}

const dayText = (d: string) => formatDayLabel(d, { weekday: undefined, year: 'numeric' });

function textOf(f: Facts, retryDays: number[]): string {
  const card = f.brand && f.last4 ? `my card ${cardLabel(f.brand, f.last4)}` : 'the card I keep on file';
  const price = formatMoney(Number(f.amount_cents));
  const what =
    f.billing_interval === 'one_time'
      ? `${price} once, on ${dayText(f.start_date)}`
      : `${price} ${PER[f.billing_interval]}, in advance, from ${dayText(f.start_date)} (full periods from ${dayText(f.anchor_day)}; a shorter first period is charged in proportion) until I cancel`;
  const fee =
    Number(f.sign_up_fee_cents) > 0
      ? ` and a one-time sign-up fee of ${formatMoney(Number(f.sign_up_fee_cents))}`
      : '';
  const retries =
    retryDays.length > 0
      ? ` If a charge fails, it is tried again ${retryDays.join(', ')} days after the first failure, and I am told by e-mail each time.`
      : '';
  return (
    `I, ${f.full_name}, authorize ${f.org_name} to charge ${card} ${what} for "${f.title}"${fee}.` +
    `${retries} A cancellation takes effect at the end of the period already paid. This authorization stays ` +
    `in force until I cancel the membership or replace the card.`
  );
}

function answerOf(contractId: string, f: Facts, retryDays: number[]): AuthorizationAnswer {
  const signed = f.signer_name !== null;
  return {
    contractId,
    text: signed ? f.signed_text! : textOf(f, retryDays),
    signed,
    signerName: f.signer_name,
    signedAt: f.signed_at,
    card: signed ? f.signed_card : f.brand && f.last4 ? cardLabel(f.brand, f.last4) : null,
  };
}

export async function authorizationOf(tx: Tx, orgId: string, contactId: string, contractId: string) {
  const facts = await factsOf(tx, orgId, contactId, contractId);
  return answerOf(contractId, facts, (await readSettings(tx, orgId)).retryDays);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export async function signAuthorization(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  contractId: string,
  body: AuthorizationSignBody,
) {
  const orgId = ctx.organizationId;
  const facts = await factsOf(tx, orgId, contactId, contractId);
  const drawn = body.signatureImage ? Buffer.from(body.signatureImage.split(',')[1] ?? '', 'base64') : null;
  if (drawn && !drawn.subarray(0, 8).equals(PNG_MAGIC)) {
    throw invalid('signatureImage', 'The drawn signature must be a PNG image');
  }
  const text = textOf(facts, (await readSettings(tx, orgId)).retryDays);
  const card = facts.brand && facts.last4 ? cardLabel(facts.brand, facts.last4) : null;
  // Signing again replaces the earlier signature (a new card, new terms).
  await tx.execute(sql`insert into payment_authorizations as a (organization_id, contract_id, contact_id, text,
      card_label, signer_name, signature_png, signed_by)
    values (${orgId}, ${contractId}, ${contactId}, ${text}, ${card}, ${body.signerName}, ${drawn}, ${ctx.userId})
    on conflict (organization_id, contract_id) do update set text = excluded.text, card_label = excluded.card_label,
      signer_name = excluded.signer_name, signature_png = excluded.signature_png, signed_by = excluded.signed_by,
      created_at = now()`);
  await recordActivity(tx, {
    organizationId: orgId,
    contactId,
    kind: 'contract.authorized',
    title: `Payment authorization signed by ${body.signerName}: ${facts.title}`,
    data: { contractId },
    actorUserId: ctx.userId,
  });
  return {
    message: 'Payment authorization signed',
    data: await authorizationOf(tx, orgId, contactId, contractId),
  };
}

async function drawPdf(f: Facts, a: AuthorizationAnswer): Promise<Uint8Array> {
  const w = await PdfWriter.create({ title: `Payment authorization: ${f.title}`, author: f.org_name });
  const page = w.addPage('letter');
  const left = 56;
  const width = 612 - 2 * left;
  let y = 730;
  const write = (text: string, style: TextStyle = {}, gap = 16) => {
    for (const line of w.wrap(text, width, style)) {
      w.text(page, line, left, y, style);
      y -= gap;
    }
  };
  write(f.org_name, { size: 16, weight: 'bold' }, 22);
  write('Recurring payment authorization', { size: 13, weight: 'bold' }, 26);
  write(`Member: ${f.full_name}`);
  write(`Membership: ${f.title}`);
  if (a.card) write(`Card: ${a.card}`);
  y -= 10;
  write(a.text);
  y -= 30;
  const lineY = y;
  if (f.signature_png && f.signature_png.length > 0) {
    const image = await w.doc.embedPng(Uint8Array.from(f.signature_png));
    const scale = Math.min(200 / image.width, 60 / image.height, 1);
    page.drawImage(image, {
      x: left,
      y: lineY + 4,
      width: image.width * scale,
      height: image.height * scale,
    });
  } else if (a.signerName) {
    w.text(page, a.signerName, left, lineY + 6, { size: 22 });
  }
  w.line(page, [left, lineY], [left + 260, lineY], 0.8, 0);
  y = lineY - 16;
  write(a.signed ? `Signed by ${a.signerName} on ${a.signedAt?.slice(0, 10)}` : 'Signature', { size: 10 });
  if (!a.signed) write('Not signed yet', { size: 10 });
  return w.save();
}

export async function authorizationPdf(run: TenantRun, orgId: string, contactId: string, contractId: string) {
  const { facts, answer } = await run(async (tx) => {
    const found = await factsOf(tx, orgId, contactId, contractId);
    return { facts: found, answer: answerOf(contractId, found, (await readSettings(tx, orgId)).retryDays) };
  });
  try {
    return Buffer.from(await drawPdf(facts, answer));
  } catch {
    throw new AppError('INTERNAL', AUTHORIZATION_PDF_ERROR);
  }
}
