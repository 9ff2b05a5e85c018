import type { AbilityRule } from '@opsuite/shared';
import { BASE_RESOURCE, can, isOwnerType, type Resource } from '@opsuite/shared/rules/permissions';
import type { TablerIcon } from '@tabler/icons-react';
import { createContext, useContext } from 'react';

/**
 * One sidebar entry. Each feature brings its entries (app/router.tsx gathers them); an entry shows
 * only when the signed-in role may read its resource (the plan's permissions decide the menu).
 */
export interface MenuEntry {
  label: string;
  path: string;
  icon: TablerIcon;
  resource: Resource;
  /** One line for the module's card on the admin home. */
  description?: string;
  /**
   * Limits an entry to some user types (the landing pages differ per type). An entry for admins
   * shows to the primary account holder too: the owner has every admin permission.
   */
  userTypes?: readonly string[];
}

/** Every feature's entries in sidebar order, given to the signed-in frame by the router. */
export const MenuContext = createContext<readonly MenuEntry[]>([]);

export function useMenu(): readonly MenuEntry[] {
  return useContext(MenuContext);
}

/** The entries a role may see, in registry order. */
export function visibleMenu(
  ability: readonly AbilityRule[],
  userType: string,
  entries: readonly MenuEntry[],
): MenuEntry[] {
  return entries.filter(
    (entry) =>
      can(ability, 'read', entry.resource) &&
      (!entry.userTypes || userTypeMatches(entry.userTypes, userType)),
  );
}

/** Whether an entry limited to `userTypes` shows to `userType` (admins' entries to the owner too). */
export function userTypeMatches(userTypes: readonly string[], userType: string): boolean {
  return userTypes.includes(userType) || (isOwnerType(userType) && userTypes.includes('admin'));
}

/** The module cards on the admin home: every visible entry except the landing pages. */
export function moduleCards(
  ability: readonly AbilityRule[],
  userType: string,
  entries: readonly MenuEntry[],
): MenuEntry[] {
  return visibleMenu(ability, userType, entries).filter((entry) => entry.resource !== BASE_RESOURCE);
}
