// Reading an import file in the browser: a CSV or a JSON array becomes
// an array of plain contact rows that is posted to contact/import-contact-array in one call.

export const IMPORT_MAX_ROWS = 100_000;

export interface ImportRow {
  fullName?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  status?: string;
  tags?: string[];
  leadSource?: string;
  stage?: string;
  contactType?: string;
  plan?: string;
  birthday?: string;
  punchId?: string;
  note?: string;
  billingAddress?: Partial<Record<AddressPart, string>>;
}

type AddressPart = 'street' | 'street2' | 'city' | 'state' | 'zip' | 'country';
type ScalarField = Exclude<keyof ImportRow, 'tags' | 'billingAddress'>;
type Target = { field: ScalarField } | { field: 'tags' } | { address: AddressPart };

export interface ParsedImport {
  rows: ImportRow[];
  /** Columns that match no contact field and are left out. */
  ignoredColumns: string[];
}

export class ImportParseError extends Error {
  override name = 'ImportParseError';
}

const ALIASES: Record<string, Target> = {};
function alias(target: Target, ...names: string[]) {
  for (const name of names) ALIASES[name] = target;
}
alias({ field: 'fullName' }, 'fullname', 'name', 'contactname', 'displayname', 'contact');
alias({ field: 'firstName' }, 'firstname', 'first', 'givenname', 'fname');
alias({ field: 'lastName' }, 'lastname', 'last', 'surname', 'familyname', 'lname');
alias({ field: 'email' }, 'email', 'emailaddress', 'mail', 'email1');
alias(
  { field: 'phone' },
  'phone',
  'phonenumber',
  'mobile',
  'mobilephone',
  'cell',
  'cellphone',
  'tel',
  'telephone',
);
alias({ field: 'status' }, 'status');
alias({ field: 'tags' }, 'tags', 'tag');
alias({ field: 'leadSource' }, 'leadsource', 'source');
alias({ field: 'stage' }, 'stage', 'pipelinestage');
alias({ field: 'contactType' }, 'contacttype', 'type');
alias({ field: 'plan' }, 'plan', 'membership');
alias({ field: 'birthday' }, 'birthday', 'birthdate', 'dateofbirth', 'dob');
alias({ field: 'punchId' }, 'punchid', 'checkincode', 'code');
alias({ field: 'note' }, 'note', 'notes');
alias({ address: 'street' }, 'street', 'address', 'address1', 'streetaddress');
alias({ address: 'street2' }, 'street2', 'address2');
alias({ address: 'city' }, 'city', 'town');
alias({ address: 'state' }, 'state', 'province', 'region');
alias({ address: 'zip' }, 'zip', 'zipcode', 'postalcode', 'postcode');
alias({ address: 'country' }, 'country');

/** "E-mail Address" → "emailaddress". */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (d: string) => firstLine.split(d).length - 1;
  const candidates = [',', ';', '\t'];
  return candidates.reduce((best, d) => (count(d) > count(best) ? d : best), ',');
}

/** RFC 4180 CSV: quoted fields may hold the delimiter, line breaks and doubled quotes. */
export function parseCsv(input: string, delimiter = delimiterOf(input)): string[][] {
  const text = input.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === '') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else field += ch;
    i += 1;
  }
  if (quoted) throw new ImportParseError('The file has a quoted value that is never closed.');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

function splitTags(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : String(value).split(/[;,|]/);
  return parts.map((tag) => tag.trim()).filter(Boolean);
}

function toRow(entries: [string, unknown][], ignored: Set<string>): ImportRow | null {
  const row: ImportRow = {};
  for (const [key, raw] of entries) {
    const target = ALIASES[normalizeHeader(key)];
    if (!target) {
      if (key.trim()) ignored.add(key.trim());
      continue;
    }
    if (raw === null || raw === undefined) continue;
    if ('address' in target) {
      const value = String(raw).trim();
      if (value) row.billingAddress = { ...row.billingAddress, [target.address]: value };
    } else if (target.field === 'tags') {
      const tags = splitTags(raw);
      if (tags.length > 0) row.tags = tags;
    } else {
      const value = String(raw).trim();
      if (value) row[target.field] = value;
    }
  }
  return Object.keys(row).length > 0 ? row : null;
}

function finish(rows: (ImportRow | null)[], ignored: Set<string>): ParsedImport {
  const kept = rows.filter((row): row is ImportRow => row !== null);
  if (kept.length === 0) throw new ImportParseError('The file has no contacts to import.');
  if (kept.length > IMPORT_MAX_ROWS) {
    throw new ImportParseError(
      `A file can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} contacts.`,
    );
  }
  return { rows: kept, ignoredColumns: [...ignored] };
}

export function parseCsvImport(text: string): ParsedImport {
  const [header, ...body] = parseCsv(text);
  if (!header) throw new ImportParseError('The file is empty.');
  const ignored = new Set<string>();
  const rows = body.map((cells) =>
    toRow(
      header.map((name, index) => [name, cells[index] ?? ''] as [string, unknown]),
      ignored,
    ),
  );
  return finish(rows, ignored);
}

export function parseJsonImport(text: string): ParsedImport {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportParseError('The file is not valid JSON.');
  }
  const list = Array.isArray(data)
    ? data
    : ((data as { contacts?: unknown; data?: unknown } | null)?.contacts ??
      (data as { data?: unknown } | null)?.data);
  if (!Array.isArray(list)) throw new ImportParseError('The JSON file must hold an array of contacts.');
  const ignored = new Set<string>();
  const rows = list.map((item) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? toRow(Object.entries(item as Record<string, unknown>), ignored)
      : null,
  );
  return finish(rows, ignored);
}

/** Picks the reader from the extension; .json is JSON, everything else is read as CSV. */
export function parseImportFile(fileName: string, text: string): ParsedImport {
  const isJson = fileName.toLowerCase().endsWith('.json') || /^\s*[[{]/.test(text);
  return isJson ? parseJsonImport(text) : parseCsvImport(text);
}
