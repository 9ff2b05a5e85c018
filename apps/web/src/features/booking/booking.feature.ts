import { IconCalendarCog, IconCalendarEvent, IconDeviceTablet, IconPalette } from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';

// Booking's pages and sidebar entries, as the app shell (app/router.tsx) lists them.

export const bookingFeature: Feature = {
  name: 'booking',
  routes: {
    signedIn: [
      // Staff: the owner and admins, and employees (their classes first); the page refuses members.
      pageRoute('/calendar', () => import('./calendar-page'), 'CalendarPage', { resource: 'calendar' }),
      pageRoute('/booking/setup', () => import('./booking-setup-page'), 'BookingSetupPage', {
        resource: 'booking',
        adminOnly: true,
      }),
      pageRoute('/booking/devices', () => import('./devices-page'), 'DevicesPage', {
        resource: 'kiosk',
        adminOnly: true,
      }),
      pageRoute('/settings/check-in-theme', () => import('./theme-settings-page'), 'ThemeSettingsPage', {
        resource: 'settings',
        adminOnly: true,
      }),
    ],
    // A booking group's public page: open to visitors, signed in or not.
    open: [
      pageRoute('/book/:slug', () => import('./public/public-booking-page'), 'PublicBookingPage', {
        fullScreen: true,
      }),
    ],
  },
  menu: [
    {
      order: 30,
      label: 'Calendar',
      path: '/calendar',
      icon: IconCalendarEvent,
      resource: 'calendar',
      description: 'Classes, appointments and events; slots, bookings and attendance.',
      // Staff screens: members book through the portal and check in at the kiosk; an employee
      // sees the classes they teach and takes attendance there.
      userTypes: ['admin', 'employee'],
    },
    {
      order: 31,
      label: 'Booking setup',
      path: '/booking/setup',
      icon: IconCalendarCog,
      resource: 'booking',
      description: 'Booking types, groups with public links, class schedules and the booking theme.',
      userTypes: ['admin'],
    },
    {
      order: 32,
      label: 'Devices',
      path: '/booking/devices',
      icon: IconDeviceTablet,
      resource: 'kiosk',
      description: 'Self check-in kiosks: device codes and pairing.',
      userTypes: ['admin'],
    },
    {
      order: 91,
      label: 'Check-in theme',
      path: '/settings/check-in-theme',
      icon: IconPalette,
      resource: 'settings',
      description: 'The colours of the self check-in kiosk.',
    },
  ],
};
