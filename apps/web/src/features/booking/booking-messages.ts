// The booking module's user-facing texts, word for word as the product shows them: theme
// settings, booking and device messages.

export const BOOKING_TEXT = {
  created: 'Booking created',
  updated: 'Booking updated',
  deleted: 'Booking deleted',
  slotUpdated: 'Slot updated',
  slotDeleted: 'Slot deleted',
  appointmentBooked: 'Appointment booked!',
  appointmentUpdated: 'Appointment updated',
  appointmentDeleted: 'Appointment deleted',
  appointmentRescheduled: 'Appointment rescheduled',
  bookedSuccessfully: 'Booked Successfully',
  settingsSaved: 'Saved',
} as const;

export const DEVICE_TEXT = {
  generated: 'Device code generated',
  updated: 'Device code updated',
  removed: 'Device code removed',
  generateFailed: 'Unable to generate device code',
  updateFailed: 'Unable to update device',
  removeFailed: 'Unable to remove device',
} as const;

export const THEME_TEXT = {
  desktopTitle: 'Self Check-In Theme Color',
  mobileTitle: 'Theme Settings',
  save: 'Save Changes',
  saved: 'Saved',
} as const;

/** Status names as staff read them; a completed class booking counts as checked in. */
export const STATUS_LABELS: Record<string, string> = {
  booked: 'Booked',
  completed: 'Checked in',
  cancelled: 'Cancelled',
  no_show: 'No show',
};

export const STATUS_COLORS: Record<string, string> = {
  booked: 'blue',
  completed: 'teal',
  cancelled: 'gray',
  no_show: 'red',
};
