import {
  AUTHORIZATION_PDF_ERROR,
  type AuthorizationAnswer,
  type AuthorizationSignBody,
  formatDayLabel,
} from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { AppError, invalid, notFound } from '../../../lib/errors.ts';
import { PdfWriter, type TextStyle } from '../../../lib/pdf/index.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { contacts } from '../../contacts/contacts.tables.ts';
import { recordActivity } from '../../contacts/index.ts';
import { organizations } from '../../organizations/organizations.tables.ts';
import { contactContracts } from '../billing.tables.ts';
import { cardLabel, formatMoney } from '../billing-text.ts';
import type { TenantRun } from '../cards/cards.service.ts';
import { paymentCards } from '../cards/cards.tables.ts';
import { paymentAuthorizations } from '../charges/charges.tables.ts';
import { readSettings } from '../settings/settings.service.ts';

// The payment authorization a member signs for a contract: the text says what will be charged to
// which card and when; the member signs by typing their name (and may draw it). The signed text,
// the name, the drawing and the time are kept, and the PDF is made from them on request.

const PER: Record<string, string> = { weekly: 'every week', monthly: 'every month', yearly: 'every year' };

/** What the authorization is written from: the contract, its member, the default card, the signature. */
function factsQuery(tx: Tx, orgId: string, contactId: string, contractId: string) {
  const k = contactContracts;
  const pc = paymentCards;
  const a = paymentAuthorizations;
  return tx
    .select({
      orgName: organizations.name,
      fullName: contacts.fullName,
      title: k.title,
      amountCents: k.amountCents,
      billingInterval: k.billingInterval,
      signUpFeeCents: k.signUpFeeCents,
      startDate: k.startDate,
      anchorDay: k.anchorDay,
      brand: pc.brand,
      last4: pc.last4,
      signedText: a.text,
      signerName: a.signerName,
      signedAt: a.signedAt,
      signedCard: a.cardLabel,
      signaturePng: a.signaturePng,
    })
    .from(k)
    .innerJoin(contacts, tenantJoin(contacts, k, eq(contacts.id, k.contactId)))
    .innerJoin(organizations, eq(organizations.id, k.organizationId))
    .leftJoin(pc, tenantJoin(pc, k, eq(pc.contactId, k.contactId), sql`${pc.isDefault}`))
    .leftJoin(a, tenantJoin(a, k, eq(a.contractId, k.id)))
    .where(and(eq(k.organizationId, orgId), eq(k.contactId, contactId), eq(k.id, contractId)));
}

type Facts = Awaited<ReturnType<typeof factsQuery>>[number];

async function factsOf(tx: Tx, orgId: string, contactId: string, contractId: string): Promise<Facts> {
  const [row] = await factsQuery(tx, orgId, contactId, contractId);
  if (!row) throw notFound('Contract');
  return row;
}

const dayText = (d: string) => formatDayLabel(d, { weekday: undefined, year: 'numeric' });

function textOf(f: Facts, retryDays: number[]): string {
  const card = f.brand && f.last4 ? `my card ${cardLabel(f.brand, f.last4)}` : 'the card I keep on file';
  const price = formatMoney(f.amountCents);
  const what =
    f.billingInterval === 'one_time'
      ? `${price} once, on ${dayText(f.startDate)}`
      : `${price} ${PER[f.billingInterval]}, in advance, from ${dayText(f.startDate)} (full periods from ${dayText(f.anchorDay ?? f.startDate)}; a shorter first period is charged in proportion) until I cancel`;
  const fee = f.signUpFeeCents > 0 ? ` and a one-time sign-up fee of ${formatMoney(f.signUpFeeCents)}` : '';
  const retries =
    retryDays.length > 0
      ? ` If a charge fails, it is tried again ${retryDays.join(', ')} days after the first failure, and I am told by e-mail each time.`
      : '';
  return (
    `I, ${f.fullName}, authorize ${f.orgName} to charge ${card} ${what} for "${f.title}"${fee}.` +
    `${retries} A cancellation takes effect at the end of the period already paid. This authorization stays ` +
    `in force until I cancel the membership or replace the card.`
  );
}

function answerOf(contractId: string, f: Facts, retryDays: number[]): AuthorizationAnswer {
  const signed = f.signerName !== null;
  return {
    contractId,
    text: signed ? f.signedText! : textOf(f, retryDays),
    signed,
    signerName: f.signerName,
    signedAt: f.signedAt?.toISOString() ?? null,
    card: signed ? f.signedCard : f.brand && f.last4 ? cardLabel(f.brand, f.last4) : null,
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
  const signature = {
    text,
    cardLabel: card,
    signerName: body.signerName,
    signaturePng: drawn,
    signedBy: ctx.userId,
  };
  await tx
    .insert(paymentAuthorizations)
    .values({ organizationId: orgId, contractId, contactId, ...signature })
    .onConflictDoUpdate({
      target: [paymentAuthorizations.organizationId, paymentAuthorizations.contractId],
      set: { ...signature, signedAt: sql`now()` },
    });
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
  const w = await PdfWriter.create({ title: `Payment authorization: ${f.title}`, author: f.orgName });
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
  write(f.orgName, { size: 16, weight: 'bold' }, 22);
  write('Recurring payment authorization', { size: 13, weight: 'bold' }, 26);
  write(`Member: ${f.fullName}`);
  write(`Membership: ${f.title}`);
  if (a.card) write(`Card: ${a.card}`);
  y -= 10;
  write(a.text);
  y -= 30;
  const lineY = y;
  if (f.signaturePng && f.signaturePng.length > 0) {
    const image = await w.doc.embedPng(Uint8Array.from(f.signaturePng));
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
