// Small wording helpers for the contact screens.
import { plural } from '@opsuite/shared/rules/plural';

/** '1 member', '2 members' (through the shared plural rule); `many` defaults to the noun with an s. */
export function countNoun(count: number, noun: string, many?: string): string {
  return plural(count, noun, many);
}

/** 'Rank 1 of 3 · 1 member ranked in BJJ Belts' (the progression view). */
export function rankPositionText(position: number, ranks: number, ranked: number, category: string): string {
  return `Rank ${position} of ${ranks} · ${countNoun(ranked, 'member')} ranked in ${category}`;
}
