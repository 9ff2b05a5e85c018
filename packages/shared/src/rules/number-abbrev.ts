/** The abbreviation thresholds, largest first so the first match wins. */
export const NUMBER_ABBREVIATIONS = [
  { suffix: 'Q', value: 1e15 },
  { suffix: 'T', value: 1e12 },
  { suffix: 'B', value: 1e9 },
  { suffix: 'M', value: 1e6 },
  { suffix: 'K', value: 1e3 },
] as const;

const MAX_DECIMALS = 20;

function trimZeros(fixed: string): string {
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/**
 * Short form for dashboards: 1500 → "1.5K", 1000 → "1K", 999 → "999". Rounding can push a
 * value over the next threshold (999 950 → "1000.0K"), so the result is promoted to the next
 * suffix when that happens ("1M"). Trailing zeros are dropped so cards stay narrow.
 */
export function abbreviateNumber(n: number, decimals = 1): string {
  if (!Number.isFinite(n)) return String(n);
  const places = Math.min(MAX_DECIMALS, Math.max(0, Math.trunc(decimals)));
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);

  // Walk from the smallest unit up, so a rounded 1000 carries into the next suffix.
  const ascending = [{ suffix: '', value: 1 }, ...[...NUMBER_ABBREVIATIONS].reverse()];
  let index = 0;
  for (let i = ascending.length - 1; i >= 0; i--) {
    if (abs >= ascending[i]!.value) {
      index = i;
      break;
    }
  }
  let scaled = Number((abs / ascending[index]!.value).toFixed(places));
  while (scaled >= 1000 && index < ascending.length - 1) {
    index++;
    scaled = Number((abs / ascending[index]!.value).toFixed(places));
  }
  const text = trimZeros(scaled.toFixed(places));
  if (text === '0') return '0';
  return `${sign}${text}${ascending[index]!.suffix}`;
}
