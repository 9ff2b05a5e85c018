import { describe, expect, it } from 'vitest';
import { ImportParseError, parseCsv, parseImportFile, parseJsonImport } from './import-file';

describe('CSV reading', () => {
  it('keeps delimiters, doubled quotes and line breaks inside quoted values', () => {
    const text = 'name,note\r\n"Smith, Jane","She said ""hi""\nthen left"\r\nBob,plain\n';
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['Smith, Jane', 'She said "hi"\nthen left'],
      ['Bob', 'plain'],
    ]);
  });

  it('skips blank lines, drops a byte-order mark and finds a semicolon delimiter', () => {
    expect(parseCsv('\uFEFFa;b\n\n1;"2;3"\n')).toEqual([
      ['a', 'b'],
      ['1', '2;3'],
    ]);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsv('a,b\n"open,1\n')).toThrow(ImportParseError);
  });
});

describe('import file → contact rows', () => {
  it('maps common headers to contact fields and reports the others', () => {
    const csv = [
      'Full Name,E-mail Address,Mobile,Tags,Lead Source,Favourite colour,ZIP',
      '"Lovelace, Ada",ada@example.com,+1 555 123 4567,"VIP; Newsletter",Website,blue,10001',
      ',,,,,,',
      'Grace Hopper,grace@example.com,,,,,',
    ].join('\n');
    const parsed = parseImportFile('people.csv', csv);
    expect(parsed.rows).toEqual([
      {
        fullName: 'Lovelace, Ada',
        email: 'ada@example.com',
        phone: '+1 555 123 4567',
        tags: ['VIP', 'Newsletter'],
        leadSource: 'Website',
        billingAddress: { zip: '10001' },
      },
      { fullName: 'Grace Hopper', email: 'grace@example.com' },
    ]);
    expect(parsed.ignoredColumns).toEqual(['Favourite colour']);
  });

  it('reads a JSON array, or an object holding `contacts`', () => {
    const rows = [
      { firstName: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', tags: ['VIP'], age: 36 },
    ];
    const fromArray = parseImportFile('people.json', JSON.stringify(rows));
    expect(fromArray.rows).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', tags: ['VIP'] },
    ]);
    expect(fromArray.ignoredColumns).toEqual(['age']);
    expect(parseJsonImport(JSON.stringify({ contacts: rows })).rows).toHaveLength(1);
  });

  it('explains what is wrong with a file it cannot use', () => {
    expect(() => parseImportFile('x.json', '{"contacts": 5}')).toThrow(
      'The JSON file must hold an array of contacts.',
    );
    expect(() => parseImportFile('x.json', '[1, ')).toThrow('The file is not valid JSON.');
    expect(() => parseImportFile('x.csv', 'Name,Email\n')).toThrow('The file has no contacts to import.');
    expect(() => parseImportFile('x.csv', '')).toThrow('The file is empty.');
  });
});
