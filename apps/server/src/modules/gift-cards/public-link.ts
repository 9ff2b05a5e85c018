import { createHmac, timingSafeEqual } from 'node:crypto';

// The recipient's link to their card's page: /gift/<token>, where the token names the
// organisation and the card under an HMAC of the server's secret. It does not expire (the card
// may be kept for years) and shows the balance only, never the code.

const PREFIX = 'g1';

/** A uuid in 22 characters (its 16 bytes in base64url), so the link stays short. */
const compact = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
const uuidOf = (text: string) => {
  const hex = Buffer.from(text, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export class GiftCardLinks {
  constructor(private readonly secret: string) {}

  private mac(body: string) {
    return createHmac('sha256', `giftcards:${this.secret}`).update(body).digest('base64url').slice(0, 27);
  }

  token(organizationId: string, cardId: string): string {
    const body = `${PREFIX}.${compact(organizationId)}.${compact(cardId)}`;
    return `${body}.${this.mac(body)}`;
  }

  path(organizationId: string, cardId: string): string {
    return `/gift/${this.token(organizationId, cardId)}`;
  }

  /** The card a token names, or null when it is forged or malformed. */
  verify(token: string): { organizationId: string; cardId: string } | null {
    const parts = token.split('.');
    if (parts.length !== 4 || parts[0] !== PREFIX) return null;
    const body = parts.slice(0, 3).join('.');
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(parts[3]!);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    return { organizationId: uuidOf(parts[1]!), cardId: uuidOf(parts[2]!) };
  }
}
