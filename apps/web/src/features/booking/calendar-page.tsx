import type {
  DateSelectArg,
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  PluginDef,
} from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Button, Card, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { CalendarFilter, CalendarItem } from '@opsuite/shared';
import { can, isOwnerType, isStaffType } from '@opsuite/shared/rules/permissions';
import { IconCalendarPlus, IconClockPlus, IconSettings } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../app/auth-store';
import { Forbidden } from '../../app/route-guards';
import { useIsPhone } from '../../app/use-is-phone';
import { formatInstant, safeTimeZone, todayInZone, zonedParts } from '../../app/zone-time';
import { PageToolbar } from '../../components/page-toolbar';
import { useCalendarItems, useCalendarSettings } from './calendar.api';
import classes from './calendar.module.css';
import {
  CLOCK_FORMAT,
  FILTERS,
  phoneScrollTime,
  slotDuration,
  toCalendarEvents,
  toggleFilter,
} from './calendar-events';
import { intlTimeZonePlugin } from './calendar-zone-plugin';
import { AppointmentDrawer } from './components/appointment-drawer';
import { calendarEventContent } from './components/calendar-event-content';
import { CalendarFilters } from './components/calendar-filters';
import { CalendarSettingsModal } from './components/calendar-settings-modal';
import { useEventColor } from './components/color-name-select';
import { NewAppointmentModal, NewSlotModal, type NewTimes } from './components/new-booking-modals';
import { SlotDrawer } from './components/slot-drawer';
import { ALL_INSTRUCTORS, byInstructor, instructorOptions } from './instructor-filter';
import { useCalendarMoves } from './use-calendar-moves';

// timegrid and list sit beside a second copy of core in node_modules; the bundler dedupes them to
// one core at run time (vite.config.ts), but their types still name the other copy.
const ROOT_PLUGINS = [timeGridPlugin, listPlugin] as unknown as PluginDef[];
const PLUGINS: PluginDef[] = [dayGridPlugin, ...ROOT_PLUGINS, interactionPlugin, intlTimeZonePlugin];

/** Views a link may open with (`/calendar?date=2026-11-23&view=listDay`). */
const LINKABLE_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek', 'listDay'];

/** Classes, appointments and events in the organisation's time zone. */
export function CalendarPage() {
  const session = useSession();
  // Members have their portal; the calendar (with every member's name) is for staff.
  if (!session || !isStaffType(session.userData.userType)) return <Forbidden />;
  return <StaffCalendar />;
}

function StaffCalendar() {
  const session = useSession();
  const isPhone = useIsPhone();
  const settingsQuery = useCalendarSettings();
  const settings = settingsQuery.data;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const timeZone = safeTimeZone(settings?.timeZone ?? session?.organization.timeZone);
  const ability = session?.userData.ability ?? [];
  const canUpdate = can(ability, 'update', 'booking');
  const canBook = can(ability, 'write', 'booking');
  const canDelete = can(ability, 'delete', 'booking');
  // The classes themselves (add, move, edit, delete a slot) need the calendar permission, which an
  // employee's default role only reads: an instructor takes attendance without editing the class.
  const canAddClasses = can(ability, 'write', 'calendar');
  const canEditClasses = can(ability, 'update', 'calendar');
  const canDeleteClasses = can(ability, 'delete', 'calendar');
  const canEditSettings = can(ability, 'update', 'calendar') && settingsQuery.isSuccess;
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [shown, setShown] = useState<{ start: number; end: number } | null>(null);
  const items = useCalendarItems(range);
  const [filters, setFilters] = useState<Set<CalendarFilter>>(() => new Set(FILTERS));
  // An employee opens on the classes they teach; anyone may switch to another instructor or all.
  const ownContactId =
    session && isStaffType(session.userData.userType) ? session.userData.curRole.contactId : null;
  const [instructor, setInstructor] = useState<string>(() =>
    ownContactId && session && !isOwnerType(session.userData.userType) ? ownContactId : ALL_INSTRUCTORS,
  );
  const instructors = useMemo(
    () => instructorOptions(items.data ?? [], ownContactId),
    [items.data, ownContactId],
  );
  const shownItems = useMemo(() => byInstructor(items.data ?? [], instructor), [items.data, instructor]);
  const hexOf = useEventColor();
  const [slotItem, setSlotItem] = useState<CalendarItem | null>(null);
  const [appointmentId, setAppointmentId] = useState<string | null>(null);
  const [eventItem, setEventItem] = useState<CalendarItem | null>(null);
  const [newAppointment, setNewAppointment] = useState<NewTimes | null>(null);
  const [newSlot, setNewSlot] = useState<NewTimes | null>(null);
  const onMove = useCalendarMoves(timeZone);
  const [params] = useSearchParams();
  const linkedDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date') : null;
  const linkedView = LINKABLE_VIEWS.includes(params.get('view') ?? '') ? params.get('view') : null;
  const initialView = linkedView ?? (isPhone ? 'listWeek' : (settings?.defaultView ?? 'timeGridWeek'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: hexOf changes only with the organisation colour
  const events = useMemo(
    () => toCalendarEvents(shownItems, filters, hexOf, { canUpdate, canEditClasses }),
    [shownItems, filters, canUpdate, canEditClasses, session?.organization.themeColor],
  );
  const counts = useMemo(() => {
    const out: Partial<Record<CalendarFilter, number>> = {};
    for (const item of shownItems) out[item.calendar] = (out[item.calendar] ?? 0) + 1;
    return out;
  }, [shownItems]);

  // New bookings start on today when it is in view, else on the first day shown.
  const defaultTimes = (): NewTimes => {
    const today = todayInZone(timeZone);
    const first = shown ? zonedParts(shown.start, timeZone).date : today;
    const last = shown ? zonedParts(shown.end - 1, timeZone).date : today;
    return { date: today >= first && today <= last ? today : first, startTime: '09:00', endTime: '10:00' };
  };
  const onDatesSet = (info: DatesSetArg) => {
    setShown({ start: +info.view.currentStart, end: +info.view.currentEnd });
    const next = { start: info.start.toISOString(), end: info.end.toISOString() };
    setRange((current) => (current?.start === next.start && current.end === next.end ? current : next));
  };
  const onSelect = (info: DateSelectArg) => {
    info.view.calendar.unselect();
    if (!canBook) return;
    if (info.allDay) return setNewAppointment({ ...defaultTimes(), date: info.startStr.slice(0, 10) });
    const from = zonedParts(info.start, timeZone);
    setNewAppointment({
      date: from.date,
      startTime: from.time,
      endTime: zonedParts(info.end, timeZone).time,
    });
  };
  const onEventClick = (info: EventClickArg) => {
    info.jsEvent.preventDefault();
    const item = info.event.extendedProps.item as CalendarItem | undefined;
    if (!item) return;
    if (item.kind === 'class') setSlotItem(item);
    else if (item.kind === 'appointment') setAppointmentId(item.sourceId);
    else setEventItem(item);
  };

  const filterPanel = (
    <Stack gap="md">
      <CalendarFilters
        value={filters}
        onToggle={(filter) => setFilters((f) => toggleFilter(f, filter))}
        counts={counts}
      />
      <Select
        label="Instructor"
        data={instructors}
        value={instructor}
        onChange={(value) => setInstructor(value ?? ALL_INSTRUCTORS)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
  const settingsButton = canEditSettings && (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconSettings size={16} />}
      onClick={() => setSettingsOpen(true)}
      fullWidth
    >
      Calendar settings
    </Button>
  );
  const actions = canBook && (
    <Stack gap="xs">
      <Button
        leftSection={<IconCalendarPlus size={16} />}
        onClick={() => setNewAppointment(defaultTimes())}
        fullWidth
      >
        Book appointment
      </Button>
      {canAddClasses && (
        <Button
          variant="light"
          leftSection={<IconClockPlus size={16} />}
          onClick={() => setNewSlot(defaultTimes())}
          fullWidth
        >
          Add slot
        </Button>
      )}
    </Stack>
  );

  // A phone's day view opens at the day's first class (or the current hour), not at midnight: the
  // grid scrolls inside its own box there, so the scroll time applies.
  const phoneScroll = isPhone
    ? phoneScrollTime(
        shownItems,
        shown ? zonedParts(shown.start, timeZone).date : todayInZone(timeZone),
        timeZone,
      )
    : null;
  const calendarRef = useRef<FullCalendar>(null);
  // The day's classes arrive after the grid is drawn: scroll to the first once they are known.
  useEffect(() => {
    if (phoneScroll) calendarRef.current?.getApi().scrollToTime(phoneScroll);
  }, [phoneScroll]);

  const calendar = (
    <div className={classes.calendar} data-testid="booking-calendar" data-time-zone={timeZone}>
      <FullCalendar
        ref={calendarRef}
        key={`${isPhone}:${timeZone}:${initialView}:${linkedDate}`}
        plugins={PLUGINS}
        timeZone={timeZone}
        initialView={initialView}
        initialDate={linkedDate ?? undefined}
        headerToolbar={
          isPhone
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : {
                left: 'prev,next today',
                center: 'title',
                right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
              }
        }
        buttonText={{ today: 'Today', month: 'Month', week: 'Week', day: 'Day', list: 'List' }}
        height={isPhone ? 'calc(100dvh - 130px)' : 'calc(100dvh - 150px)'}
        firstDay={settings?.weekStart ?? 0}
        slotDuration={slotDuration(settings?.slotDurationMinutes ?? 30)}
        scrollTime={phoneScroll ?? `${settings?.dayStartTime ?? '07:00'}:00`}
        eventTimeFormat={CLOCK_FORMAT}
        slotLabelFormat={CLOCK_FORMAT}
        nowIndicator
        dayMaxEvents
        selectable={canBook && !isPhone}
        selectMirror
        editable={canUpdate || canEditClasses}
        eventStartEditable={canUpdate || canEditClasses}
        events={events}
        eventContent={(arg: EventContentArg) => calendarEventContent(arg, timeZone)}
        eventDidMount={(info) => {
          // The whole title as a tooltip where a view cuts it (month cells, narrow columns).
          info.el.title ||= info.event.title;
        }}
        datesSet={onDatesSet}
        select={onSelect}
        eventClick={onEventClick}
        eventDrop={onMove}
        eventResize={onMove}
      />
    </div>
  );

  return (
    <Stack gap="md">
      {isPhone ? (
        <PageToolbar
          title="Calendar"
          filters={
            <Stack gap="md">
              {filterPanel}
              {actions}
              {settingsButton}
            </Stack>
          }
          onAdd={canBook ? () => setNewAppointment(defaultTimes()) : undefined}
          addLabel="Book appointment"
        />
      ) : null}
      {isPhone ? (
        calendar
      ) : (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Card padding="md" withBorder w={240} style={{ flex: 'none' }}>
            <Stack gap="lg">
              {actions}
              {filterPanel}
              <Text size="xs" c="dimmed">
                Times in {timeZone}
              </Text>
              {settingsButton}
            </Stack>
          </Card>
          <Card padding="md" withBorder style={{ flex: 1, minWidth: 0 }}>
            {calendar}
          </Card>
        </Group>
      )}
      <SlotDrawer
        item={slotItem}
        timeZone={timeZone}
        canUpdate={canEditClasses}
        canDelete={canDeleteClasses}
        canBook={canBook}
        canDeleteBookings={canDelete}
        onClose={() => setSlotItem(null)}
      />
      <AppointmentDrawer
        bookingId={appointmentId}
        timeZone={timeZone}
        canUpdate={canUpdate}
        canDelete={canDelete}
        onClose={() => setAppointmentId(null)}
      />
      <NewAppointmentModal
        initial={newAppointment}
        timeZone={timeZone}
        onClose={() => setNewAppointment(null)}
      />
      <NewSlotModal initial={newSlot} onClose={() => setNewSlot(null)} />
      <CalendarSettingsModal
        opened={settingsOpen}
        settings={settings}
        onClose={() => setSettingsOpen(false)}
      />
      <Modal
        opened={eventItem !== null}
        onClose={() => setEventItem(null)}
        title={eventItem?.title}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {eventItem && (
          <Stack gap="xs">
            <Text size="sm">
              {formatInstant(eventItem.start, timeZone)} – {formatInstant(eventItem.end, timeZone)}
            </Text>
            {eventItem.extendedProps.description && (
              <Text size="sm">{eventItem.extendedProps.description}</Text>
            )}
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
