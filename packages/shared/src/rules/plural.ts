/**
 * Counts in words: "1 bid", "2 bids", "0 classes". English plural rules through
 * `Intl.PluralRules`, with the plural form given where adding "s" is wrong ("class" → "classes",
 * "person" → "people"). Every count shown to a person goes through here, never "bid(s)".
 */
const rules = new Intl.PluralRules('en-US');

export function pluralWord(count: number, singular: string, plural?: string): string {
  return rules.select(count) === 'one' ? singular : (plural ?? `${singular}s`);
}

/** "3 classes": the count, formatted with thousands separators, and the word that fits it. */
export function plural(count: number, singular: string, plural?: string): string {
  return `${count.toLocaleString('en-US')} ${pluralWord(count, singular, plural)}`;
}
