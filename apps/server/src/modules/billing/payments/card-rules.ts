import { PaymentError } from './payments.adapter.ts';

// Card checks every provider makes before anything else: the number's check digit (Luhn), its
// brand from the leading digits, and an expiry that has not passed.

export function digitsOf(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^[0-9]{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BRANDS: [RegExp, string][] = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/, 'Mastercard'],
  [/^3[47]/, 'American Express'],
  [/^(6011|64[4-9]|65)/, 'Discover'],
  [/^35/, 'JCB'],
  [/^(36|38|30[0-5])/, 'Diners Club'],
  [/^62/, 'UnionPay'],
];

export function brandOf(digits: string): string {
  return BRANDS.find(([re]) => re.test(digits))?.[1] ?? 'Unknown';
}

/** Stripe's brand codes as shown to people. */
export function brandName(code: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    jcb: 'JCB',
    diners: 'Diners Club',
    unionpay: 'UnionPay',
  };
  return names[code] ?? 'Unknown';
}

/** Refuses an expiry before the current month. */
export function assertNotExpired(expMonth: number, expYear: number, now = new Date()): void {
  const year = now.getUTCFullYear();
  if (expYear < year || expYear > year + 50) {
    throw new PaymentError(
      'card',
      "Your card's expiration year is invalid.",
      'invalid_expiry_year',
      'expYear',
    );
  }
  if (expMonth < 1 || expMonth > 12 || (expYear === year && expMonth < now.getUTCMonth() + 1)) {
    throw new PaymentError(
      'card',
      "Your card's expiration month is invalid.",
      'invalid_expiry_month',
      'expMonth',
    );
  }
}
