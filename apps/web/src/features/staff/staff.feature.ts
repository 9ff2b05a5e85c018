import { STAFF_TYPES } from '@opsuite/shared/rules/permissions';
import {
  IconCalendarTime,
  IconClipboardCheck,
  IconClock,
  IconInbox,
  IconListDetails,
  IconSettings,
  IconUserCheck,
} from '@tabler/icons-react';
import { type Feature, pageRoute } from '../../app/feature';
import { lazySlot } from '../../app/slots';

// Staff's pages and sidebar entries. Employees: the time clock and My schedule (made for a
// phone). Managers: the schedule grid, timesheets, requests, attendance and staff settings. The
// paired tablet's time clock (/time-clock) is outside the signed-in frame.

const MANAGERS = ['admin', 'primary'];

export const staffFeature: Feature = {
  name: 'staff',
  slots: {
    staffHomeCards: [
      {
        key: 'time-clock',
        title: 'Your time clock',
        order: 10,
        resource: 'staff',
        view: lazySlot(() => import('./components/my-clock-card'), 'MyClockCard'),
      },
    ],
  },
  routes: {
    signedIn: [
      pageRoute('/staff/time-clock', () => import('./time-clock-page'), 'TimeClockPage', {
        resource: 'staff',
      }),
      pageRoute('/staff/my-schedule', () => import('./my-schedule-page'), 'MySchedulePage', {
        resource: 'staff',
      }),
      pageRoute('/staff/schedule', () => import('./schedule-page'), 'SchedulePage', {
        resource: 'staff',
        adminOnly: true,
      }),
      pageRoute('/staff/timesheets', () => import('./timesheets-page'), 'TimesheetsPage', {
        resource: 'staff',
        adminOnly: true,
      }),
      pageRoute('/staff/requests', () => import('./requests-page'), 'RequestsPage', {
        resource: 'staff',
        adminOnly: true,
      }),
      pageRoute('/staff/attendance', () => import('./attendance-page'), 'AttendancePage', {
        resource: 'staff',
        adminOnly: true,
      }),
      pageRoute('/staff/settings', () => import('./staff-settings-page'), 'StaffSettingsPage', {
        resource: 'staff',
        adminOnly: true,
      }),
    ],
    open: [
      pageRoute('/time-clock', () => import('./kiosk-time-clock-page'), 'KioskTimeClockPage', {
        fullScreen: true,
      }),
    ],
  },
  menu: [
    {
      order: 40,
      label: 'Time clock',
      path: '/staff/time-clock',
      icon: IconClock,
      resource: 'staff',
      description: 'Clock in and out, breaks and this week’s hours.',
      userTypes: STAFF_TYPES,
    },
    {
      order: 41,
      label: 'My schedule',
      path: '/staff/my-schedule',
      icon: IconCalendarTime,
      resource: 'staff',
      description: 'Your shifts, the shift pool and your requests.',
      userTypes: STAFF_TYPES,
    },
    {
      order: 42,
      label: 'Schedule',
      path: '/staff/schedule',
      icon: IconListDetails,
      resource: 'staff',
      description: 'The week grid: build, publish and revert shifts.',
      userTypes: MANAGERS,
    },
    {
      order: 43,
      label: 'Timesheets',
      path: '/staff/timesheets',
      icon: IconClipboardCheck,
      resource: 'staff',
      description: 'Hours per employee and day, edits and screenshots.',
      userTypes: MANAGERS,
    },
    {
      order: 44,
      label: 'Requests',
      path: '/staff/requests',
      icon: IconInbox,
      resource: 'staff',
      description: 'Time off, reschedules and shift trades to decide.',
      userTypes: MANAGERS,
    },
    {
      order: 45,
      label: 'Attendance',
      path: '/staff/attendance',
      icon: IconUserCheck,
      resource: 'staff',
      description: 'Scheduled against worked: late, absent, overtime.',
      userTypes: MANAGERS,
    },
    {
      order: 92,
      label: 'Staff settings',
      path: '/staff/settings',
      icon: IconSettings,
      resource: 'staff',
      description: 'Time rules, categories, positions and hourly costs.',
      userTypes: MANAGERS,
    },
  ],
};
