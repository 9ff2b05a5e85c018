import type { CalendarItem } from '@opsuite/shared';
import { buildAbility, fullRule, readOnlyRule } from '@opsuite/shared/rules/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { todayInZone } from '../../app/zone-time';
import { callsTo, jsonResponse, makeLoginAnswer, renderApp } from '../../test-utils';

const COACH = '0190d000-0000-7000-8000-000000000001';
const ZONE = 'America/New_York';

function classItem(n: number, title: string, instructorId: string | null): CalendarItem {
  const start = new Date(Date.now() + n * 3_600_000);
  return {
    id: `class:0190d000-0000-7000-8000-00000000010${n}`,
    kind: 'class',
    calendar: 'Classes',
    title,
    start: start.toISOString(),
    end: new Date(+start + 3_600_000).toISOString(),
    allDay: false,
    colorName: 'Blueberry',
    color: '#039be5',
    sourceId: `0190d000-0000-7000-8000-00000000010${n}`,
    bookingTypeId: null,
    extendedProps: { capacity: 20, bookedCount: 3, instructorId },
  };
}

function signIn(
  userType: 'employee' | 'primary',
  rules = [readOnlyRule('calendar'), fullRule('staff'), fullRule('contacts')],
) {
  storeSession(
    makeLoginAnswer(
      {
        userType,
        roleLabel: userType === 'primary' ? 'Primary Account' : 'Employee',
        fullName: 'Chris Coach',
        ability: buildAbility(rules),
        plan: { permissions: rules },
        curRole: {
          contactTypeId: { _id: COACH, name: userType, type: userType },
          contactId: COACH,
          assignerId: null,
        },
      },
      { timeZone: ZONE },
    ),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('home at /', { timeout: 20_000 }, () => {
  it('an employee lands on the staff home: their classes today, attendance, time clock and contacts', async () => {
    signIn('employee');
    const api = vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/calendar/events') {
        return jsonResponse({
          list: [classItem(2, 'BJJ Fundamentals', COACH), classItem(3, 'Muay Thai', null)],
        });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'none' } }, 404);
    });
    vi.stubGlobal('fetch', api);
    renderApp('/');
    const home = await screen.findByTestId('staff-home', {}, { timeout: 5000 });
    expect(await within(home).findByText('BJJ Fundamentals')).toBeInTheDocument();
    expect(within(home).queryByText('Muay Thai')).toBeNull();
    expect(within(home).getByText(/3 \/ 20 booked/)).toBeInTheDocument();
    expect(within(home).getByRole('link', { name: 'Take attendance' })).toHaveAttribute(
      'href',
      `/calendar?date=${todayInZone(ZONE)}&view=timeGridDay`,
    );
    expect(within(home).getByRole('link', { name: 'Time clock' })).toHaveAttribute(
      'href',
      '/staff/time-clock',
    );
    expect(within(home).getByRole('link', { name: 'My schedule' })).toHaveAttribute(
      'href',
      '/staff/my-schedule',
    );
    expect(within(home).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');
    expect(callsTo(api, '/calendar/events')[0]?.query).toMatchObject({
      filters: 'Classes',
      instructorId: COACH,
    });
    expect(screen.queryByText('Your modules')).toBeNull();
  });

  it('an employee whose role reads neither staff nor contacts sees only their classes', async () => {
    signIn('employee', [readOnlyRule('calendar')]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        input.includes('/api/calendar/events')
          ? jsonResponse({ list: [] })
          : jsonResponse({ error: { code: 'NOT_FOUND', message: 'none' } }, 404),
      ),
    );
    renderApp('/');
    await waitFor(
      () => expect(screen.getByText('You are not teaching any classes today.')).toBeInTheDocument(),
      {
        timeout: 5000,
      },
    );
    const home = screen.getByTestId('staff-home');
    expect(within(home).queryByRole('link', { name: 'Time clock' })).toBeNull();
    expect(within(home).queryByRole('link', { name: 'Contacts' })).toBeNull();
  });

  it('the owner (primary account holder) lands on the admin home with the admin menu', async () => {
    signIn('primary', [
      fullRule('calendar'),
      fullRule('booking'),
      fullRule('contacts'),
      fullRule('settings'),
    ]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        input.includes('/api/calendar/events')
          ? jsonResponse({ list: [] })
          : jsonResponse({ error: { code: 'NOT_FOUND', message: 'none' } }, 404),
      ),
    );
    renderApp('/');
    expect(await screen.findByText('Your modules', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('role-label')).toHaveTextContent('Primary Account');
    expect(screen.getAllByRole('link', { name: 'Calendar' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Booking setup' }).length).toBeGreaterThan(0);
  });
});
