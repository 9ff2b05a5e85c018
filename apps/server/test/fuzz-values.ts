import fc from 'fast-check';

// Values for the generated bad-input test: plausible ones built from an operation's JSON schemas,
// so a request gets past the checks that do not concern it, and hostile ones to put in one place.

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  description?: string;
};

/**
 * An import row is `unknown` in the contract (each row is checked on its own, on the server); its
 * known keys, as the contract describes them in words, so generated rows reach those checks.
 */
export const CONTACT_ROW: JsonSchema = {
  type: 'object',
  required: ['fullName'],
  properties: {
    fullName: { type: 'string' },
    firstName: { type: 'string' },
    email: { type: 'string', format: 'email' },
    phone: { type: 'string' },
    status: { enum: ['active', 'inactive'] },
    paymentStatus: { enum: ['none', 'past_due', 'frozen'] },
    birthday: { type: 'string', format: 'date' },
    punchId: { type: 'string', pattern: '^[A-Za-z0-9-]{1,32}$' },
    tags: { type: 'array', items: { type: 'string' } },
    leadSource: { type: 'string' },
    stage: { type: 'string' },
    contactType: { type: 'string' },
    note: { type: 'string' },
    billingAddress: { type: 'object', properties: { street: { type: 'string' }, city: { type: 'string' } } },
  },
};

const LONG = 'a'.repeat(100_000);

/** Text the database cannot store. */
export const TEXT_HAZARDS = ['a\u0000b', '\u0000', '\ud800x', 'x\udfff', '\udbff\ud800'];

/** Dates and instants outside what PostgreSQL and JavaScript both hold, or no dates at all. */
export const DATE_HAZARDS = [
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '0999-12-31',
  '9999-12-31T23:59:59-14:00',
  '9999-12-31',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '2024-02-30',
];

/** The edges that are accepted: whatever the server works out from them must still hold. */
export const DATE_EDGES = ['9998-12-31', '9998-12-31T23:59:59Z', '1000-01-01', '1000-01-01T00:00:00Z'];

/** Other strings that have broken something between a route and the database elsewhere. */
export const ODD_STRINGS = [
  LONG,
  '',
  ' ',
  '24:00',
  '1e309',
  'NaN',
  '-1',
  '9'.repeat(400),
  "'; select pg_sleep(1);--",
  'javascript:alert(1)',
  '../../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

export const BAD_NUMBERS = [
  1e308,
  -1e308,
  2 ** 53,
  2 ** 63,
  2 ** 31,
  -(2 ** 31) - 1,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
];

/** 300 levels of nesting: deep enough to hurt a recursive walk, within the JSON parser's limits. */
const deep = (levels: number): unknown => (levels === 0 ? {} : { a: deep(levels - 1) });

export const WRONG_TYPES: unknown[] = [null, true, [], {}, [[null]], { a: { b: 1 } }, 'text', 42, deep(300)];

/** Path segments as sent on the wire (already percent-encoded, or deliberately not). */
export const BAD_SEGMENTS = [
  '%00',
  'a%00b',
  '%zz',
  '%',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '..%2F..%2Fetc',
  '%F0%9F%98%80',
  'a'.repeat(101),
  'a'.repeat(2000),
  '-1',
  '1e309',
  '%20',
  '0000-01-01',
];

const anyBad = fc.oneof(
  fc.constantFrom(...TEXT_HAZARDS, ...DATE_HAZARDS, ...DATE_EDGES, ...ODD_STRINGS),
  fc.constantFrom(...BAD_NUMBERS),
  fc.constantFrom(...WRONG_TYPES),
);

/** A hostile value for a field, mostly of the kind most likely to get past its validation. */
export function hazardFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const inner = schema?.anyOf?.find((s) => s.type !== 'null') ?? schema ?? {};
  const type = Array.isArray(inner.type) ? inner.type.find((t) => t !== 'null') : inner.type;
  const weighted = (...pools: [unknown[], number][]) =>
    fc.oneof(...pools.map(([pool, weight]) => ({ arbitrary: fc.constantFrom(...pool), weight })), {
      arbitrary: anyBad,
      weight: 1,
    });
  if (type === 'string' && (inner.format === 'date' || inner.format === 'date-time'))
    return weighted([DATE_HAZARDS, 4], [DATE_EDGES, 2], [TEXT_HAZARDS, 2]);
  if (type === 'string') return weighted([TEXT_HAZARDS, 4], [ODD_STRINGS, 1]);
  if (type === 'integer' || type === 'number') return weighted([BAD_NUMBERS, 3]);
  return anyBad;
}

/** A hostile path segment: one that breaks the address, or text the database cannot store. */
export const badSegment = fc.oneof(
  fc.constantFrom(...BAD_SEGMENTS),
  fc.constantFrom(...TEXT_HAZARDS).map(encodeText),
);

/** Text fields whose names say what they hold get a value of that kind, so the rest of a body passes. */
function hinted(key: string): fc.Arbitrary<string> | null {
  if (/phone/i.test(key)) return fc.constantFrom('+1 555 010 2030', '020 7946 0958');
  if (/email/i.test(key)) return fc.emailAddress().filter((e) => e.length < 60);
  if (/photo|image|logo|link|url/i.test(key))
    return fc.constantFrom('https://img.test/a.png', '/files/a.png');
  if (/colou?r$/i.test(key)) return fc.constantFrom('#123456', '#abc');
  if (/timeZone/i.test(key)) return fc.constantFrom('UTC', 'Europe/London', 'Pacific/Kiritimati');
  if (/password/i.test(key)) return fc.constant('password123');
  return null;
}

const word = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: min, maxLength: max });

/**
 * A plausible value of the schema's shape: required properties and at most two optional ones, so
 * that one hostile field in it is what the route has to deal with (refinements are not in the
 * schema, so it is not always valid).
 */
export function plausibleValue(
  schema: JsonSchema,
  ids: fc.Arbitrary<string>,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => plausibleValue(s, ids, key, depth + 1)));
  if (schema.allOf?.[0]) return plausibleValue(schema.allOf[0], ids, key, depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema, ids, key);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 1_000_000) });
    case 'number':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 100, 1_000_000) });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schema.items ? plausibleValue(schema.items, ids, key, depth + 1) : word(1, 10), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 2, 2),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((k) => k in properties);
      const optional = Object.keys(properties).filter((k) => !required.includes(k));
      return fc
        .subarray(optional, { maxLength: Math.min(2, optional.length) })
        .chain((extra) =>
          fc.record(
            Object.fromEntries(
              [...required, ...extra].map((k) => [k, plausibleValue(properties[k]!, ids, k, depth + 1)]),
            ),
          ),
        );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const day = (from: string, to: string) =>
  fc.date({ min: new Date(from), max: new Date(to), noInvalidDate: true });

function stringOf(schema: JsonSchema, ids: fc.Arbitrary<string>, key: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return ids;
  if (schema.format === 'date')
    return day('2024-01-01', '2026-12-31').map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return day('2024-01-01', '2026-12-31').map((d) => d.toISOString());
  const byName = hinted(key);
  if (byName) return byName;
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      return fc.stringMatching(pattern).filter((s) => s.length <= (schema.maxLength ?? 200));
    } catch {
      // A pattern fast-check cannot generate from: plain text instead.
    }
  }
  return word(Math.max(schema.minLength ?? 1, 1), Math.min(schema.maxLength ?? 20, 20));
}

/** Percent-encodes anything, lone surrogates included (as the three bytes UTF-8 would give them). */
export function encodeText(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdfff && ch.length === 1) {
        // A lone surrogate: its three bytes as if it were a code point (CESU-style, invalid UTF-8).
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(ch);
    })
    .join('');
}
