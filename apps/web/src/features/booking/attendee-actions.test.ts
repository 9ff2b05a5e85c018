import { describe, expect, it } from 'vitest';
import { attendeeActions } from './attendee-actions';

const admin = { manage: true, attend: true };
const instructor = { manage: false, attend: true };
/** An employee's default role: books members and takes attendance, deletes no booking. */
const employee = { manage: true, remove: false, attend: true };

describe('attendeeActions', () => {
  it('offers a booked member every action', () => {
    expect(attendeeActions('booked', admin, false)).toEqual([
      'check-in',
      'no-show',
      'cancel',
      'move',
      'delete',
    ]);
  });

  it('never offers to move or cancel a checked-in booking (the server answers 409): undo first', () => {
    expect(attendeeActions('completed', admin, false)).toEqual(['mark-booked', 'delete']);
  });

  it('books a cancelled member again only with a free seat', () => {
    expect(attendeeActions('cancelled', admin, false)).toEqual(['mark-booked', 'delete']);
    expect(attendeeActions('cancelled', admin, true)).toEqual(['delete']);
  });

  it('gives an instructor without booking rights attendance only', () => {
    expect(attendeeActions('booked', instructor, false)).toEqual(['check-in', 'no-show']);
    expect(attendeeActions('completed', instructor, false)).toEqual(['mark-booked']);
    expect(attendeeActions('no_show', instructor, false)).toEqual(['check-in', 'mark-booked']);
    expect(attendeeActions('booked', { manage: false, attend: false }, false)).toEqual([]);
  });

  it('offers Delete only with the booking delete permission', () => {
    expect(attendeeActions('booked', employee, false)).toEqual(['check-in', 'no-show', 'cancel', 'move']);
    expect(attendeeActions('completed', employee, false)).toEqual(['mark-booked']);
    expect(attendeeActions('cancelled', employee, false)).toEqual(['mark-booked']);
  });
});
