import type {
  BookingGroupAnswer,
  BookingTypeAnswer,
  BookingTypeBody,
  ClassScheduleAnswer,
} from '@opsuite/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { useOrganizationId } from '../../app/auth-store';
import { toast } from '../../app/toast';
import { BOOKING_TEXT } from './booking-messages';

// TanStack Query hooks of the booking setup calls. Every key starts with
// ['booking', organisationId] so one invalidation after a write reloads the setup lists and the
// calendar together.

export interface Mutation<T> {
  success: true;
  message: string;
  data: T;
}

export interface BookingGroupInput {
  name: string;
  description?: string | null;
  bookingTypeIds: string[];
  isActive?: boolean;
}

export interface ClassScheduleInput {
  bookingTypeId: string;
  daysOfWeek: number[];
  startTime: string;
  endTime: string;
  capacity: number | null;
  fromDate: string;
  untilDate: string | null;
  type?: 'class' | 'other';
  isActive?: boolean;
}

export const bookingKeys = {
  all: (orgId: string | undefined) => ['booking', orgId] as const,
  types: (orgId: string | undefined) => ['booking', orgId, 'types'] as const,
  groups: (orgId: string | undefined) => ['booking', orgId, 'groups'] as const,
  schedules: (orgId: string | undefined) => ['booking', orgId, 'schedules'] as const,
  calendar: (orgId: string | undefined, range: { start: string; end: string }) =>
    ['booking', orgId, 'calendar', range] as const,
  slots: (orgId: string | undefined, query: Record<string, string>) =>
    ['booking', orgId, 'slots', query] as const,
  bookings: (orgId: string | undefined, query: Record<string, string | number>) =>
    ['booking', orgId, 'bookings', query] as const,
  booking: (orgId: string | undefined, id: string) => ['booking', orgId, 'booking', id] as const,
  settings: (orgId: string | undefined) => ['booking', orgId, 'calendar-settings'] as const,
  devices: (orgId: string | undefined) => ['booking', orgId, 'devices'] as const,
  theme: (orgId: string | undefined, kind: string) => ['booking', orgId, 'theme', kind] as const,
};

/** Reloads everything the booking screens show. */
export function useReloadBooking() {
  const queryClient = useQueryClient();
  const orgId = useOrganizationId();
  return () => queryClient.invalidateQueries({ queryKey: bookingKeys.all(orgId) });
}

/**
 * A write that toasts the catalogue's success text and reloads the booking screens; a failure
 * shows the server's message through the global handler.
 */
export function useBookingWrite<V, R>(write: (variables: V) => Promise<R>, success: string) {
  const reload = useReloadBooking();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      toast.success(success);
      void reload();
    },
  });
}

/**
 * Taking attendance: toasts the server's own text ("Checked In", "Already checked in", "Booking
 * updated"), with the organisation's membership warning when it only warns.
 */
export function useAttendanceWrite<V>(
  write: (variables: V) => Promise<{ message: string; warning?: string }>,
) {
  const reload = useReloadBooking();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      if (answer.warning) toast.warning(answer.warning, answer.message);
      else toast.success(answer.message);
      void reload();
    },
  });
}

export function useBookingTypes() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.types(orgId),
    queryFn: () => api.get<{ list: BookingTypeAnswer[] }>('/booking-type'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

/** Saves a setup item's form: creates the item, or updates the one being edited, then `onDone`. */
export function useSetupSave<B, R>(
  calls: {
    create: (body: B) => Promise<R>;
    update: (change: { id: string; body: Partial<B> }) => Promise<R>;
  },
  editing: { _id: string } | null,
  onDone: () => void,
) {
  const create = useBookingWrite(calls.create, BOOKING_TEXT.created);
  const update = useBookingWrite(calls.update, BOOKING_TEXT.updated);
  const save = (body: B) => {
    if (editing) update.mutate({ id: editing._id, body }, { onSuccess: onDone });
    else create.mutate(body, { onSuccess: onDone });
  };
  return { save, saving: create.isPending || update.isPending };
}

export const bookingTypeCalls = {
  create: (body: BookingTypeBody) => api.post<Mutation<BookingTypeAnswer>>('/booking-type', body),
  update: ({ id, body }: { id: string; body: Partial<BookingTypeBody> }) =>
    api.put<Mutation<BookingTypeAnswer>>(`/booking-type/${id}`, body),
  remove: (id: string) => api.delete<{ success: true; message: string }>(`/booking-type/${id}`),
};

export function useBookingGroups() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.groups(orgId),
    queryFn: () => api.get<{ list: BookingGroupAnswer[] }>('/booking-group'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

export const bookingGroupCalls = {
  create: (body: BookingGroupInput) => api.post<Mutation<BookingGroupAnswer>>('/booking-group', body),
  update: ({ id, body }: { id: string; body: Partial<BookingGroupInput> }) =>
    api.put<Mutation<BookingGroupAnswer>>(`/booking-group/${id}`, body),
  remove: (id: string) => api.delete<{ success: true; message: string }>(`/booking-group/${id}`),
};

export function useClassSchedules() {
  const orgId = useOrganizationId();
  return useQuery({
    queryKey: bookingKeys.schedules(orgId),
    queryFn: () => api.get<{ list: ClassScheduleAnswer[] }>('/class-schedule'),
    enabled: Boolean(orgId),
    select: (answer) => answer.list,
  });
}

export const classScheduleCalls = {
  create: (body: ClassScheduleInput) =>
    api.post<Mutation<ClassScheduleAnswer & { slotsCreated: number }>>('/class-schedule', body),
  update: ({ id, body }: { id: string; body: Partial<ClassScheduleInput> }) =>
    api.put<Mutation<ClassScheduleAnswer & { slotsCreated: number }>>(`/class-schedule/${id}`, body),
  remove: (id: string) => api.delete<{ success: true; message: string }>(`/class-schedule/${id}`),
};

/** The public page of a booking group, as a visitor opens it. */
export function publicBookingLink(slug: string, origin: string = window.location.origin): string {
  return `${origin}/book/${slug}`;
}
