// Stricter than "anything@anything.tld" so the UI rejects what mail servers would bounce
// (consecutive dots, a dot at either end of the local part, a one-letter top-level domain),
// yet every address it accepts also passes the server's contract regex.
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** RFC 5321 limits: 64 characters before the @, 254 overall. */
const MAX_LOCAL_LENGTH = 64;
const MAX_EMAIL_LENGTH = 254;

/** An email must match a standard address pattern. Surrounding spaces are forgiven. */
export function isValidEmail(s: string | null | undefined): boolean {
  if (typeof s !== 'string') return false;
  const email = s.trim();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > MAX_LOCAL_LENGTH) return false;
  return LOCAL_PART.test(local) && DOMAIN.test(domain);
}
