import type { EventApi } from '@fullcalendar/core';
import type { CalendarItem } from '@opsuite/shared';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { Providers } from '../../app/providers';
import { createQueryClient } from '../../app/query-client';
import { callsTo, jsonResponse } from '../../test-utils';
import { calendarItem, fakeApi, id, signInAdmin } from './booking.test-kit';
import { NO_SLOT_THERE, useCalendarMoves } from './use-calendar-moves';

const NEW_START = new Date('2030-03-05T15:00:00Z');
const NEW_END = new Date('2030-03-05T16:00:00Z');
let api: ReturnType<typeof fakeApi>;
let bookingSlot: string | null;
let slotsThere: { _id: string; startsAt: string }[];

beforeEach(() => {
  storeSession(signInAdmin());
  bookingSlot = id(10);
  slotsThere = [{ _id: id(11), startsAt: NEW_START.toISOString() }];
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === `/api/booking/${id(2)}`) {
      return jsonResponse({ data: { _id: id(2), bookingSlot, bookingType: id(900) } });
    }
    if (method === 'GET' && url.pathname === '/api/booking-slot') return jsonResponse({ list: slotsThere });
    if (method === 'PUT') return jsonResponse({ success: true, message: 'ok', data: {} });
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

function drop(item: CalendarItem) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers queryClient={createQueryClient()} env="test">
      {children}
    </Providers>
  );
  const { result } = renderHook(() => useCalendarMoves('UTC'), { wrapper });
  const revert = vi.fn();
  const event = { extendedProps: { item }, start: NEW_START, end: NEW_END } as unknown as EventApi;
  act(() => result.current({ event, revert }));
  return revert;
}

describe('drag and drop in the calendar', () => {
  it('moves a class slot to the new day and times', async () => {
    drop(calendarItem('class', 1, 'Morning Yoga'));
    expect(await screen.findByText('Slot updated')).toBeInTheDocument();
    expect(callsTo(api, `/booking-slot/${id(1)}`, 'PUT')[0]?.body).toEqual({
      date: '2030-03-05',
      startTime: '15:00',
      endTime: '16:00',
    });
  });

  it('moves a slot appointment to the slot of its type that starts there', async () => {
    drop(calendarItem('appointment', 2, 'Personal Training'));
    expect(await screen.findByText('Appointment rescheduled')).toBeInTheDocument();
    expect(callsTo(api, '/booking-slot')[0]?.query).toEqual({
      startDate: '2030-03-05',
      endDate: '2030-03-05',
      bookingTypeId: id(900),
    });
    expect(callsTo(api, `/booking/${id(2)}/reschedule`, 'PUT')[0]?.body).toEqual({ bookingSlot: id(11) });
  });

  it('snaps back when no slot of that type starts there', async () => {
    slotsThere = [];
    const revert = drop(calendarItem('appointment', 2, 'Personal Training'));
    expect(await screen.findByText(NO_SLOT_THERE)).toBeInTheDocument();
    await waitFor(() => expect(revert).toHaveBeenCalled());
    expect(callsTo(api, `/booking/${id(2)}/reschedule`, 'PUT')).toHaveLength(0);
  });

  it('moves a slot-less appointment to the new time', async () => {
    bookingSlot = null;
    drop(calendarItem('appointment', 2, 'Personal Training'));
    expect(await screen.findByText('Appointment rescheduled')).toBeInTheDocument();
    expect(callsTo(api, `/booking/${id(2)}/reschedule`, 'PUT')[0]?.body).toEqual({
      startDate: NEW_START.toISOString(),
      endDate: NEW_END.toISOString(),
    });
  });
});
