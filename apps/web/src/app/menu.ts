import type { AbilityRule } from '@opsuite/shared';
import { BASE_RESOURCE, can, type Resource } from '@opsuite/shared/rules/permissions';
import {
  IconAddressBook,
  IconCalendarCog,
  IconCalendarEvent,
  IconDeviceTablet,
  IconHome,
  IconId,
  IconPalette,
  IconSettings,
  IconTags,
  type TablerIcon,
} from '@tabler/icons-react';

/**
 * One sidebar entry. Each module adds its entry here; an entry shows only when the signed-in
 * role may read its resource (the plan's permissions decide the menu, platform §1 and §6).
 */
export interface MenuEntry {
  label: string;
  path: string;
  icon: TablerIcon;
  resource: Resource;
  /** One line for the module's card on the admin home. */
  description?: string;
  /** Limits an entry to some user types (the landing pages differ per type). */
  userTypes?: readonly string[];
}

export const MENU: readonly MenuEntry[] = [
  { label: 'Home', path: '/', icon: IconHome, resource: BASE_RESOURCE, userTypes: ['admin'] },
  {
    label: 'My membership',
    path: '/access-control',
    icon: IconId,
    resource: BASE_RESOURCE,
    userTypes: ['client'],
  },
  {
    label: 'Contacts',
    path: '/contacts',
    icon: IconAddressBook,
    resource: 'contacts',
    description: 'Clients, leads and employees with tags, stages, ranks, notes and files.',
  },
  {
    label: 'Contact settings',
    path: '/contacts/settings',
    icon: IconTags,
    resource: 'contacts',
    description: 'Tags, stages, lead sources, ranks, contact types and fields.',
  },
  {
    label: 'Calendar',
    path: '/calendar',
    icon: IconCalendarEvent,
    resource: 'calendar',
    description: 'Classes, appointments and events; slots, bookings and attendance.',
    // Staff screens: members book through the public page and check in at the kiosk.
    userTypes: ['admin'],
  },
  {
    label: 'Booking setup',
    path: '/booking/setup',
    icon: IconCalendarCog,
    resource: 'booking',
    description: 'Booking types, groups with public links, class schedules and the booking theme.',
    userTypes: ['admin'],
  },
  {
    label: 'Devices',
    path: '/booking/devices',
    icon: IconDeviceTablet,
    resource: 'kiosk',
    description: 'Self check-in kiosks: device codes and pairing.',
    userTypes: ['admin'],
  },
  {
    label: 'Organisation settings',
    path: '/settings/organization',
    icon: IconSettings,
    resource: 'settings',
    description: 'Name, theme colour, logo, time zone and data visibility.',
  },
  {
    label: 'Check-in theme',
    path: '/settings/check-in-theme',
    icon: IconPalette,
    resource: 'settings',
    description: 'The colours of the self check-in kiosk.',
  },
];

/** The entries a role may see, in registry order. */
export function visibleMenu(
  ability: readonly AbilityRule[],
  userType: string,
  entries: readonly MenuEntry[] = MENU,
): MenuEntry[] {
  return entries.filter(
    (entry) =>
      can(ability, 'read', entry.resource) && (!entry.userTypes || entry.userTypes.includes(userType)),
  );
}

/** The module cards on the admin home: every visible entry except the landing pages. */
export function moduleCards(ability: readonly AbilityRule[], userType: string): MenuEntry[] {
  return visibleMenu(ability, userType).filter((entry) => entry.resource !== BASE_RESOURCE);
}
