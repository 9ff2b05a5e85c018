// What a person reads when a form value is refused: a sentence naming the field ("Retry days must
// be a number"), never the validator's own wording ("Invalid input: expected number, received
// NaN"). A schema's own message is kept; only zod's built-in ones are rewritten, here, once, for
// the server's 400 answers and the web forms alike.

/** The parts of a zod issue (or of the same issue as Fastify reports it) that a sentence needs. */
export interface IssueLike {
  code?: string;
  message: string;
  path?: readonly PropertyKey[];
  expected?: unknown;
  received?: unknown;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
}

/** Zod's built-in English messages; anything else was written by a schema and is kept. */
const BUILT_IN =
  /^(Invalid input|Invalid option|Invalid string|Invalid element|Invalid key|Invalid (email address|URL|UUID|ISO date|ISO datetime|ISO time|ISO duration|IPv4 address|IPv6 address)$|Too small|Too big|Unrecognized keys?|Invalid number|Invalid value|Required$)/;

export function isBuiltInMessage(message: string): boolean {
  return BUILT_IN.test(message);
}

/** "retryDays" → "Retry days", "processing_fee" → "Processing fee"; a list item says which. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const parts = (path ?? []).filter((p) => typeof p !== 'symbol') as (string | number)[];
  const names = parts.filter((p): p is string => typeof p === 'string' && !/^\d+$/.test(p));
  const index = parts.find((p) => typeof p === 'number' || /^\d+$/.test(String(p)));
  const last = names[names.length - 1];
  if (!last) return 'This value';
  const words = last
    .replace(/^_/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return index === undefined ? label : `${label} (item ${Number(index) + 1})`;
}

const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  string: 'text',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a set of fields',
  date: 'a date',
};

const FORMATS: Record<string, string> = {
  email: 'a valid e-mail address',
  url: 'a web address (https://…)',
  uuid: 'a valid id',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time',
  time: 'a time (HH:MM)',
  regex: 'in the expected form',
};

const count = (n: number | bigint | undefined) => Number(n ?? 0);

function sentenceFor(issue: IssueLike, label: string): string {
  const received = String(issue.received ?? '');
  switch (issue.code) {
    case 'invalid_type': {
      if (received === 'undefined' || /received undefined/.test(issue.message)) return `${label} is required`;
      const kind = KINDS[String(issue.expected)] ?? 'filled in correctly';
      return `${label} must be ${kind}`;
    }
    case 'too_small': {
      const n = count(issue.minimum);
      if (issue.origin === 'string')
        return n <= 1 ? `${label} is required` : `${label} must be at least ${n} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return n <= 1 ? `${label} needs at least one entry` : `${label} needs at least ${n} entries`;
      return issue.inclusive === false ? `${label} must be more than ${n}` : `${label} must be ${n} or more`;
    }
    case 'too_big': {
      const n = count(issue.maximum);
      if (issue.origin === 'string') return `${label} must be at most ${n} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${label} can have at most ${n} entries`;
      return issue.inclusive === false ? `${label} must be less than ${n}` : `${label} must be ${n} or less`;
    }
    case 'invalid_value':
    case 'invalid_enum_value': {
      const values = (issue.values ?? []).map(String);
      return values.length > 0 && values.length <= 6
        ? `${label} must be one of: ${values.join(', ')}`
        : `${label} is not one of the choices`;
    }
    case 'invalid_format':
    case 'invalid_string':
      return `${label} must be ${FORMATS[String(issue.format)] ?? 'in the expected form'}`;
    case 'not_multiple_of':
      return `${label} must be a whole number`;
    case 'unrecognized_keys': {
      const keys = issue.keys ?? [];
      return keys.length === 1
        ? `"${keys[0]}" is not a field here`
        : `${keys.map((k) => `"${k}"`).join(', ')} are not fields here`;
    }
    default:
      return `${label} is not valid`;
  }
}

/**
 * The sentence to show for an issue: the schema's own message as it is, or for a built-in one a
 * sentence that names the field (`label` when the form knows a better name than the path).
 */
export function readableIssue(issue: IssueLike, label?: string): string {
  if (!isBuiltInMessage(issue.message)) return issue.message;
  // A NaN reaches a number field when the text typed was no number at all.
  if (issue.code === 'invalid_type' && /received NaN/.test(issue.message)) {
    return `${label ?? fieldLabel(issue.path)} must be a number`;
  }
  return sentenceFor(issue, label ?? fieldLabel(issue.path));
}
