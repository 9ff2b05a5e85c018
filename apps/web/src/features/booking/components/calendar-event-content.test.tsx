import type { EventContentArg } from '@fullcalendar/core';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { calendarItem } from '../booking.test-kit';
import { phoneScrollTime } from '../calendar-events';
import { calendarEventContent } from './calendar-event-content';

const argFor = (item: ReturnType<typeof calendarItem>, view: string) =>
  ({
    event: { extendedProps: { item }, title: item.title },
    view: { type: view },
    timeText: '7:00 - 8:00',
  }) as unknown as EventContentArg;

describe('calendar event content', () => {
  it('puts a class name and its seats on lines of their own on the week grid, the whole title as a tooltip', () => {
    const item = calendarItem('class', 1, 'Brazilian Jiu-Jitsu Fundamentals');
    render(calendarEventContent(argFor(item, 'timeGridWeek')) as ReactElement);
    expect(screen.getByText('7:00 - 8:00')).toBeInTheDocument();
    const name = screen.getByText('Brazilian Jiu-Jitsu Fundamentals');
    expect(screen.getByText('3/20')).toBeInTheDocument();
    expect(name.parentElement).toHaveAttribute('title', 'Brazilian Jiu-Jitsu Fundamentals · 3/20');
  });

  it('names the member of an appointment and shows no seats', () => {
    const item = calendarItem('appointment', 2, 'Personal Training');
    render(calendarEventContent(argFor(item, 'timeGridDay')) as ReactElement);
    expect(screen.getByText('Personal Training · Morgan Member')).toBeInTheDocument();
    expect(screen.queryByText(/booked|\//)).not.toBeInTheDocument();
  });

  it("keeps FullCalendar's own layout in the month and list views", () => {
    const item = calendarItem('class', 1, 'Yoga');
    expect(calendarEventContent(argFor(item, 'dayGridMonth'))).toBe(true);
    expect(calendarEventContent(argFor(item, 'listWeek'))).toBe(true);
  });

  it('shows the times with AM/PM in the organisation zone', () => {
    const item = calendarItem('class', 9, 'Evening Class');
    render(calendarEventContent(argFor(item, 'timeGridDay'), 'UTC') as ReactElement);
    expect(screen.getByText('6:00 PM - 7:00 PM')).toBeInTheDocument();
  });

  it("opens a phone's day view at the first class of the day, else at the current hour", () => {
    const evening = calendarItem('class', 9, 'Evening');
    const morning = calendarItem('class', 2, 'Morning');
    const day = evening.start.slice(0, 10);
    expect(phoneScrollTime([evening, morning], day, 'UTC')).toBe('11:00:00');
    expect(phoneScrollTime([evening], day, 'Etc/GMT+5')).toBe('13:00:00');
    const now = Date.parse(`${day}T15:20:00Z`);
    expect(phoneScrollTime([], day, 'UTC', now)).toBe('15:00:00');
  });
});
