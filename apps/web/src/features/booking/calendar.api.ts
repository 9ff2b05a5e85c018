import type {
  AdminSlot,
  BookingAttendanceAnswer,
  BookingAttendanceBody,
  BookingCreateBody,
  BookingRecord,
  CalendarItem,
  CalendarSettingsAnswer,
} from '@opsuite/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { bookingKeys, type Mutation } from './booking.api';

// The calendar's calls: items of the visible range, slots, bookings (appointments and class
// attendance) and the calendar settings.

export type BookingStatus = BookingRecord['status'];

export interface SlotInput {
  bookingTypeId: string;
  date: string;
  startTime: string;
  endTime: string;
  capacity: number | null;
  type?: 'class' | 'other';
}

export interface BookingUpdateInput {
  status?: BookingStatus;
  attendDate?: string | null;
  notes?: string | null;
}

export type RescheduleInput = { bookingSlot: string } | { startDate: string; endDate: string };

export function useCalendarItems(range: { start: string; end: string } | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.calendar(orgId, range ?? { start: '', end: '' }),
    // All three kinds at once: the filters then switch instantly, without a round trip.
    queryFn: ({ signal }) =>
      api.get<{ list: CalendarItem[] }>('/calendar/events', {
        query: { start: range?.start, end: range?.end },
        signal,
      }),
    enabled: Boolean(orgId && range),
    placeholderData: keepPreviousData,
    select: (answer) => answer.list,
  });
}

export function useCalendarSettings() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.settings(orgId),
    queryFn: () => api.get<CalendarSettingsAnswer>('/calender-setting'),
    enabled: Boolean(orgId),
    // The calendar still works with the organisation's zone and the defaults.
    meta: { errorToast: false },
    retry: false,
  });
}

export interface SlotQuery {
  startDate: string;
  endDate: string;
  bookingTypeId?: string;
  type?: 'class' | 'other';
}

export function fetchSlots(query: SlotQuery, signal?: AbortSignal): Promise<AdminSlot[]> {
  return api
    .get<{ list: AdminSlot[] }>('/booking-slot', { query: { ...query }, signal })
    .then((answer) => answer.list);
}

export function useSlots(query: SlotQuery | null) {
  const orgId = useOrganizationId();
  const key: Record<string, string> = query ? { ...query } : {};
  return useQuery({
    queryKey: bookingKeys.slots(orgId, key),
    queryFn: ({ signal }) => fetchSlots(query as SlotQuery, signal),
    enabled: Boolean(orgId && query),
  });
}

/** Everyone booked into one slot (page 0, up to 400, like the kiosk's lookup). */
export function useSlotBookings(slotId: string | null) {
  const orgId = useOrganizationId();
  const query = { slotId: slotId ?? '', page: 0, perPage: 400 };
  return useQuery({
    queryKey: bookingKeys.bookings(orgId, query),
    queryFn: ({ signal }) => api.get<{ list: BookingRecord[] }>('/booking', { query, signal }),
    enabled: Boolean(orgId && slotId),
    select: (answer) => answer.list,
  });
}

export function useBookingRecord(id: string | null) {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.booking(orgId, id ?? ''),
    queryFn: () => fetchBooking(id as string),
    enabled: Boolean(orgId && id),
  });
}

export function fetchBooking(id: string): Promise<BookingRecord> {
  return api.get<{ data: BookingRecord }>(`/booking/${id}`).then((answer) => answer.data);
}

export const slotCalls = {
  create: (body: SlotInput) => api.post<Mutation<AdminSlot>>('/booking-slot', body),
  update: ({ id, body }: { id: string; body: Partial<SlotInput> }) =>
    api.put<Mutation<AdminSlot>>(`/booking-slot/${id}`, body),
  remove: (id: string) => api.delete<{ success: true; message: string }>(`/booking-slot/${id}`),
};

export const bookingCalls = {
  create: (body: BookingCreateBody) => api.post<Mutation<BookingRecord>>('/booking', body),
  update: ({ id, body }: { id: string; body: BookingUpdateInput }) =>
    api.put<Mutation<BookingRecord>>(`/booking/${id}`, body),
  reschedule: ({ id, body }: { id: string; body: RescheduleInput }) =>
    api.put<Mutation<BookingRecord>>(`/booking/${id}/reschedule`, body),
  remove: (id: string) => api.delete<{ success: true; message: string }>(`/booking/${id}`),
  /** Taking attendance: 'Checked In', 'Already checked in' or 'Booking updated', maybe a warning. */
  attendance: ({ id, status }: { id: string; status: BookingAttendanceBody['status'] }) =>
    api.put<BookingAttendanceAnswer>(`/booking/${id}/attendance`, { status }),
};
