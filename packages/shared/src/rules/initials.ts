/**
 * Avatar fallback: the first letters of the first two words, upper-case ("jane van doe" → "JV").
 * Letters are taken by code point so names starting with characters outside the basic plane
 * are not split into half surrogate pairs.
 */
export function initials(name: string | null | undefined): string {
  if (typeof name !== 'string') return '';
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}
