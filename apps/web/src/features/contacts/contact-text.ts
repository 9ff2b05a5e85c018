// Small wording helpers for the contact screens.

/** '1 member', '2 members'; `plural` defaults to the noun with an s. */
export function countNoun(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}

/** 'Rank 1 of 3 · 1 member ranked in BJJ Belts' (the progression view). */
export function rankPositionText(position: number, ranks: number, ranked: number, category: string): string {
  return `Rank ${position} of ${ranks} · ${countNoun(ranked, 'member')} ranked in ${category}`;
}
