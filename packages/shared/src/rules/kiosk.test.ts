import { describe, expect, it } from 'vitest';
import {
  addDaysToIsoDate,
  autoSelectClass,
  checkedInText,
  clampAttended,
  formatClockInZone,
  formatSlotTime,
  hasClassEnded,
  isoDateInZone,
  isPlausibleKioskCode,
  isTodayInZone,
  KIOSK_PADDED_CODE_LENGTH,
  KIOSK_SCANNER,
  KIOSK_TIMING,
  type KioskSlotTimes,
  kioskAccentColor,
  kioskDisplayName,
  kioskFirstName,
  kioskRankOf,
  kioskSlotRange,
  padKioskCode,
  safeTimeZone,
  slotInterval,
  todaysClasses,
  zonedTimeToInstant,
} from './kiosk.ts';

const NY = 'America/New_York';

function slot(id: string, date: string, startTime: string, endTime: string, zone = NY): KioskSlotTimes {
  const start = zonedTimeToInstant(date, startTime, zone);
  const end = zonedTimeToInstant(date, endTime, zone);
  return {
    _id: id,
    date,
    startTime,
    endTime,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(end).toISOString(),
  };
}

const at = (isoDate: string, hhmm: string, zone = NY) => zonedTimeToInstant(isoDate, hhmm, zone);

describe('constants', () => {
  it('are the product’s kiosk constants', () => {
    expect(KIOSK_PADDED_CODE_LENGTH).toBe(10);
    expect(KIOSK_TIMING).toEqual({
      autoSelectIntervalMs: 60_000,
      manualHoldMs: 300_000,
      lookAheadMs: 300_000,
      screensaverMs: 20_000,
      screensaverDefaultMs: 30_000,
      confirmationMs: 2_500,
      toastMs: 1_000,
    });
    expect(KIOSK_SCANNER.fps).toBe(10);
    expect(KIOSK_SCANNER.qrbox).toEqual({ width: 280, height: 280 });
    expect(KIOSK_SCANNER.facingMode).toBe('environment');
    expect(KIOSK_SCANNER.formats).toEqual([
      'QR_CODE',
      'CODE_128',
      'CODE_39',
      'EAN_13',
      'EAN_8',
      'UPC_A',
      'UPC_E',
      'ITF',
      'PDF_417',
      'DATA_MATRIX',
      'AZTEC',
    ]);
  });
});

describe('padKioskCode', () => {
  it('left-pads with zeros to 10', () => {
    expect(padKioskCode('123')).toBe('0000000123');
    expect(padKioskCode('1')).toBe('0000000001');
    expect(padKioskCode(' 42 ')).toBe('0000000042');
  });
  it('leaves codes of 10 or more characters alone', () => {
    expect(padKioskCode('1234567890')).toBe('1234567890');
    expect(padKioskCode('123456789012')).toBe('123456789012');
  });
  it('keeps leading zeros the member typed', () => {
    expect(padKioskCode('0012')).toBe('0000000012');
  });
  it('knows which padded codes can exist', () => {
    expect(isPlausibleKioskCode('0000000123')).toBe(true);
    expect(isPlausibleKioskCode('ABC-123-XYZ')).toBe(true);
    expect(isPlausibleKioskCode('000000012')).toBe(false);
    expect(isPlausibleKioskCode('00000 0123')).toBe(false);
    expect(isPlausibleKioskCode('<script>0000')).toBe(false);
    expect(isPlausibleKioskCode('1'.repeat(33))).toBe(false);
  });
});

describe('clampAttended', () => {
  it('never goes below 0', () => {
    expect(clampAttended(-3)).toBe(0);
    expect(clampAttended(0)).toBe(0);
    expect(clampAttended(7)).toBe(7);
    expect(clampAttended(Number.NaN)).toBe(0);
    expect(clampAttended(null)).toBe(0);
    expect(clampAttended(undefined)).toBe(0);
  });
});

describe('time zones', () => {
  it('finds the day in the organisation zone, not the device zone', () => {
    const instant = Date.parse('2025-06-02T02:30:00Z');
    expect(isoDateInZone(instant, 'UTC')).toBe('2025-06-02');
    expect(isoDateInZone(instant, NY)).toBe('2025-06-01');
    expect(isoDateInZone(instant, 'Asia/Tokyo')).toBe('2025-06-02');
    expect(isTodayInZone('2025-06-01', instant, NY)).toBe(true);
    expect(isTodayInZone('2025-06-02', instant, NY)).toBe(false);
  });

  it('fetches yesterday to tomorrow', () => {
    const instant = Date.parse('2025-01-01T03:00:00Z');
    expect(kioskSlotRange(instant, NY)).toEqual({ startDate: '2024-12-30', endDate: '2025-01-01' });
    expect(kioskSlotRange(instant, 'UTC')).toEqual({ startDate: '2024-12-31', endDate: '2025-01-02' });
    expect(addDaysToIsoDate('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDaysToIsoDate('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('turns wall-clock times into instants across daylight-saving changes', () => {
    expect(new Date(at('2025-01-15', '09:00')).toISOString()).toBe('2025-01-15T14:00:00.000Z');
    expect(new Date(at('2025-07-15', '09:00')).toISOString()).toBe('2025-07-15T13:00:00.000Z');
    // Spring forward: 02:30 does not exist and moves to 03:30 EDT.
    expect(new Date(at('2025-03-09', '02:30')).toISOString()).toBe('2025-03-09T07:30:00.000Z');
    // Fall back: 01:30 happens twice; the first one (EDT) is taken.
    expect(new Date(at('2025-11-02', '01:30')).toISOString()).toBe('2025-11-02T05:30:00.000Z');
    expect(new Date(at('2025-10-26', '01:30', 'Europe/London')).toISOString()).toBe(
      '2025-10-26T00:30:00.000Z',
    );
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(safeTimeZone('Not/AZone')).toBe('UTC');
    expect(safeTimeZone('')).toBe('UTC');
    expect(safeTimeZone(NY)).toBe(NY);
    expect(isoDateInZone(Date.parse('2025-06-02T02:30:00Z'), 'Not/AZone')).toBe('2025-06-02');
  });

  it('formats times as hh:mm A', () => {
    expect(formatSlotTime('00:00')).toBe('12:00 AM');
    expect(formatSlotTime('09:05')).toBe('09:05 AM');
    expect(formatSlotTime('12:30')).toBe('12:30 PM');
    expect(formatSlotTime('18:05')).toBe('06:05 PM');
    expect(formatSlotTime('23:59')).toBe('11:59 PM');
    expect(formatSlotTime('bad')).toBe('bad');
    expect(formatClockInZone(Date.parse('2025-06-02T02:07:00Z'), NY)).toBe('10:07 PM');
  });
});

describe('classes', () => {
  const slots = [
    slot('evening', '2025-06-10', '18:00', '19:00'),
    slot('yesterday', '2025-06-09', '09:00', '10:00'),
    slot('morning', '2025-06-10', '09:00', '10:00'),
    slot('noon', '2025-06-10', '12:00', '13:00'),
    slot('tomorrow', '2025-06-11', '09:00', '10:00'),
  ];

  it("shows only today's classes in start order", () => {
    const ids = todaysClasses(slots, at('2025-06-10', '08:00'), NY).map((s) => s._id);
    expect(ids).toEqual(['morning', 'noon', 'evening']);
    // 23:30 in New York is already tomorrow in UTC; the organisation's day still decides.
    expect(todaysClasses(slots, at('2025-06-10', '23:30'), NY).map((s) => s._id)).toEqual([
      'morning',
      'noon',
      'evening',
    ]);
  });

  it('selects the class in progress, start and end inclusive', () => {
    expect(autoSelectClass(at('2025-06-10', '09:00'), slots, NY)?._id).toBe('morning');
    expect(autoSelectClass(at('2025-06-10', '09:30'), slots, NY)?._id).toBe('morning');
    expect(autoSelectClass(at('2025-06-10', '10:00'), slots, NY)?._id).toBe('morning');
    expect(autoSelectClass(at('2025-06-10', '10:00') + 1, slots, NY)).toBeNull();
  });

  it('otherwise selects the class starting within the next 5 minutes', () => {
    expect(autoSelectClass(at('2025-06-10', '11:55'), slots, NY)?._id).toBe('noon');
    expect(autoSelectClass(at('2025-06-10', '11:54'), slots, NY)).toBeNull();
    expect(autoSelectClass(at('2025-06-10', '17:58'), slots, NY)?._id).toBe('evening');
  });

  it('never selects a class of another day', () => {
    expect(autoSelectClass(at('2025-06-11', '09:30'), slots.slice(0, 4), NY)).toBeNull();
  });

  it('prefers the class that started last when classes overlap', () => {
    const overlapping = [
      slot('open-gym', '2025-06-10', '06:00', '20:00'),
      slot('spin', '2025-06-10', '07:00', '08:00'),
    ];
    expect(autoSelectClass(at('2025-06-10', '07:10'), overlapping, NY)?._id).toBe('spin');
    expect(autoSelectClass(at('2025-06-10', '08:10'), overlapping, NY)?._id).toBe('open-gym');
  });

  it('computes times from the date when the server sends no instants', () => {
    const bare: KioskSlotTimes = { _id: 'late', date: '2025-06-10', startTime: '23:00', endTime: '00:30' };
    const { start, end } = slotInterval(bare, NY);
    expect(new Date(start).toISOString()).toBe('2025-06-11T03:00:00.000Z');
    expect(new Date(end).toISOString()).toBe('2025-06-11T04:30:00.000Z');
    expect(autoSelectClass(at('2025-06-10', '23:45'), [bare], NY)?._id).toBe('late');
    expect(hasClassEnded(bare, at('2025-06-11', '00:31'), NY)).toBe(true);
    expect(hasClassEnded(bare, at('2025-06-10', '23:59'), NY)).toBe(false);
  });
});

describe('names', () => {
  it('use the fallbacks', () => {
    expect(kioskDisplayName({ fullName: 'Jane Doe', name: 'x' })).toBe('Jane Doe');
    expect(kioskDisplayName({ fullName: '  ', contactName: 'Jane  C.' })).toBe('Jane C.');
    expect(kioskDisplayName({ name: 'Janie' })).toBe('Janie');
    expect(kioskDisplayName({ firstName: 'Jane', lastName: 'Doe' })).toBe('Jane Doe');
    expect(kioskDisplayName({ firstName: 'Jane', lastName: null })).toBe('Jane');
    expect(kioskDisplayName({})).toBe('');
    expect(kioskDisplayName(null)).toBe('');
  });

  it('find the first name for the confirmation', () => {
    expect(kioskFirstName({ firstName: 'Jane', fullName: 'Janet Doe' })).toBe('Jane');
    expect(kioskFirstName({ fullName: 'Jane van Doe' })).toBe('Jane');
    expect(kioskFirstName({})).toBe('');
    expect(checkedInText('Jane')).toBe('CHECKED IN: Jane');
    expect(checkedInText('')).toBe('CHECKED IN');
    expect(checkedInText(null)).toBe('CHECKED IN');
  });

  it('leave markup as text (escaping is the renderer’s job)', () => {
    expect(kioskDisplayName({ fullName: '<img src=x onerror=alert(1)>' })).toBe(
      '<img src=x onerror=alert(1)>',
    );
  });
});

describe('kioskRankOf', () => {
  it('reads name, title or label, then currentRankName', () => {
    expect(kioskRankOf({ currentRank: { name: 'Blue Belt', title: 'x', label: 'y' } })?.name).toBe(
      'Blue Belt',
    );
    expect(kioskRankOf({ currentRank: { name: ' ', title: 'Purple Belt', label: 'y' } })?.name).toBe(
      'Purple Belt',
    );
    expect(kioskRankOf({ currentRank: { label: 'Brown Belt' } })?.name).toBe('Brown Belt');
    expect(kioskRankOf({ currentRank: null, currentRankName: 'Black Belt' })?.name).toBe('Black Belt');
    expect(kioskRankOf({ currentRank: {}, currentRankName: 'White Belt' })?.name).toBe('White Belt');
  });

  it('reads badgeImage or image, then currentRankImage', () => {
    const rank = (r: object, image?: string) =>
      kioskRankOf({ currentRank: { name: 'Blue', ...r }, currentRankImage: image })?.image;
    expect(rank({ badgeImage: '/b.png', image: '/i.png' }, '/c.png')).toBe('/b.png');
    expect(rank({ badgeImage: null, image: '/i.png' }, '/c.png')).toBe('/i.png');
    expect(rank({}, '/c.png')).toBe('/c.png');
    expect(rank({})).toBeNull();
    expect(kioskRankOf({ currentRankName: 'Blue', currentRankImage: '/c.png' })).toEqual({
      name: 'Blue',
      image: '/c.png',
    });
  });

  it('is null without any rank name', () => {
    expect(kioskRankOf({ currentRank: { image: '/i.png' }, currentRankImage: '/c.png' })).toBeNull();
    expect(kioskRankOf({})).toBeNull();
    expect(kioskRankOf(null)).toBeNull();
  });
});

describe('kioskAccentColor', () => {
  it('takes a valid hex, otherwise #7367f0', () => {
    expect(kioskAccentColor({ type: 'solid', color: '#ff0000' })).toBe('#ff0000');
    expect(kioskAccentColor({ type: 'solid', color: ' #abc ' })).toBe('#abc');
    expect(kioskAccentColor({ type: 'solid', color: 'orange' })).toBe('#7367f0');
    expect(kioskAccentColor({ type: 'gradient', color: 'linear-gradient(45deg, #1E90FF, #87CEEB)' })).toBe(
      '#1E90FF',
    );
    expect(kioskAccentColor({ type: 'gradient', color: 'linear-gradient(45deg, red, blue)' })).toBe(
      '#7367f0',
    );
    expect(kioskAccentColor({ type: 'solid', color: null })).toBe('#7367f0');
    expect(kioskAccentColor(null)).toBe('#7367f0');
  });
});
