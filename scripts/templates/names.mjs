// The forms of a new module's name that the templates use: `gift-cards` gives the folder and file
// names, giftCards / GiftCards for identifiers, gift_cards for the table, and the record's
// singular (gift-card) for one row's schemas, functions and messages.

const camelOf = (words) => words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join('');
const pascalOf = (words) => words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const labelOf = (words) => {
  const text = words.join(' ');
  return text[0].toUpperCase() + text.slice(1);
};

/** English singular of the last word, for the common plurals only; `--record` covers the rest. */
export function singularOf(kebab) {
  const words = kebab.split('-');
  const last = words.pop();
  let one = last;
  if (/[^aeiou]ies$/.test(last)) one = `${last.slice(0, -3)}y`;
  else if (/(ss|x|ch|sh)es$/.test(last)) one = last.slice(0, -2);
  else if (/[^su]s$/.test(last)) one = last.slice(0, -1);
  return [...words, one].join('-');
}

/**
 * @param {string} name the module, kebab-case
 * @param {string} [record] one record, kebab-case (default: the singular of the name)
 */
export function namesOf(name, record = singularOf(name)) {
  const words = name.split('-');
  const one = record.split('-');
  return {
    /** gift-cards: folders, files, the API path */
    kebab: name,
    /** giftCards: the table's export, the server module's import, the query keys */
    camel: camelOf(words),
    /** GiftCards: the page component */
    pascal: pascalOf(words),
    /** gift_cards: the table */
    snake: words.join('_'),
    /** Gift cards: the page title and the sidebar label */
    label: labelOf(words),
    /** gift cards: in sentences */
    lower: words.join(' '),
    record: {
      kebab: record,
      /** giftCard: schemas (giftCardBody) and functions (createGiftCard) */
      camel: camelOf(one),
      /** GiftCard: types and hooks */
      pascal: pascalOf(one),
      /** GIFT_CARD: the messages' constant (GIFT_CARD_TEXT) */
      constant: one.join('_').toUpperCase(),
      /** Gift card: messages */
      label: labelOf(one),
      /** gift card: in sentences */
      lower: one.join(' '),
    },
  };
}
