import { afterEach, describe, expect, it } from 'vitest';
import {
  clinicDatePattern,
  clinicDayFrom,
  clinicFormat,
  clinicTimePattern,
  clinicToday,
  DEFAULT_FORMAT,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatTime,
  setClinicFormat,
} from '../../../src/lib/format.ts';

afterEach(() => setClinicFormat(null));

describe('the one formatting module', () => {
  it("writes India's formats by default: 23/11/2026, 10:30 am, ₹1,500", () => {
    expect(clinicFormat()).toEqual({ locale: 'en-IN', timeZone: 'Asia/Kolkata', dialCode: '+91' });
    // 05:00 UTC is 10:30 in Kolkata.
    expect(formatDate('2026-11-23T05:00:00Z')).toBe('23/11/2026');
    expect(formatTime('2026-11-23T05:00:00Z')).toBe('10:30 am');
    expect(formatDateTime('2026-11-23T05:00:00Z')).toBe('23/11/2026, 10:30 am');
    expect(formatCurrency(1500)).toBe('₹1,500');
    expect(formatCurrency(1500.5)).toBe('₹1,500.50');
    expect(formatNumber(1234567)).toBe('12,34,567');
  });

  it('reads an instant in the clinic zone, and a calendar day as that day wherever the browser is', () => {
    // 20:00 UTC on the 22nd is already the 23rd in Kolkata.
    expect(formatDate('2026-11-22T20:00:00Z')).toBe('23/11/2026');
    expect(formatDate('1988-04-12')).toBe('12/04/1988');
    expect(formatDateTime('1988-04-12')).toBe('12/04/1988');
    expect(clinicToday(new Date('2026-11-22T20:00:00Z'))).toBe('2026-11-23');
  });

  it("takes today as the clinic's day, not the UTC one: 20:00 UTC is already tomorrow in Kolkata", () => {
    const evening = new Date('2026-11-23T20:00:00Z');
    // The UTC day would still say the 23rd (what toISOString().slice(0, 10) gave).
    expect(evening.toISOString().slice(0, 10)).toBe('2026-11-23');
    expect(clinicToday(evening)).toBe('2026-11-24');
    expect(clinicToday(evening.getTime())).toBe('2026-11-24');
    // Just before and at Kolkata's midnight (18:30 UTC).
    expect(clinicToday(new Date('2026-11-23T18:29:59Z'))).toBe('2026-11-23');
    expect(clinicToday(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
    // Days counted from the clinic's today: a due filter, "started in the last 30 days".
    expect(clinicDayFrom(7, evening)).toBe('2026-12-01');
    expect(clinicDayFrom(-30, evening)).toBe('2026-10-25');
    // A zone the caller holds, and the clinic's own zone from its settings.
    expect(clinicToday(evening, 'America/New_York')).toBe('2026-11-23');
    setClinicFormat({ locale: 'en-US', timeZone: 'America/New_York', dialCode: '+1' });
    expect(clinicToday(evening)).toBe('2026-11-23');
  });

  it('follows the clinic settings, and keeps India for a locale or zone the browser does not know', () => {
    setClinicFormat({ locale: 'en-US', timeZone: 'America/New_York', dialCode: '+1' });
    expect(formatDate('2026-11-23T05:00:00Z')).toBe('11/23/2026');
    expect(formatTime('2026-11-23T05:00:00Z')).toBe('12:00 AM');
    setClinicFormat({ locale: 'not a locale!', timeZone: 'Mars/Olympus', dialCode: '91' });
    expect(clinicFormat()).toEqual(DEFAULT_FORMAT);
  });

  it("gives the date and time fields the clinic's order: 23/11/2026 10:30 am in India, 11/23/2026 10:30 AM in the US", () => {
    expect(clinicDatePattern()).toBe('DD/MM/YYYY');
    expect(clinicTimePattern()).toBe('hh:mm a');
    setClinicFormat({ locale: 'en-US', timeZone: 'America/New_York', dialCode: '+1' });
    expect(clinicDatePattern()).toBe('MM/DD/YYYY');
    expect(clinicTimePattern()).toBe('hh:mm A');
    setClinicFormat({ locale: 'en-GB', timeZone: 'Europe/London', dialCode: '+44' });
    expect(clinicTimePattern()).toBe('HH:mm');
  });

  it('shows a dash for nothing or nonsense', () => {
    for (const empty of [null, undefined, '', 'yesterday']) {
      expect(formatDate(empty)).toBe('—');
      expect(formatDateTime(empty)).toBe('—');
    }
    expect(formatTime('1988-04-12')).toBe('—');
    expect(formatCurrency(null)).toBe('—');
  });
});

describe("the clinic's words for stored codes", () => {
  it('names contact methods in words and the postal code the way the clinic’s country does', async () => {
    const { contactMethodLabel, postalCodeLabel } = await import('../../../src/lib/labels.ts');
    expect(contactMethodLabel('phone')).toBe('Phone');
    expect(contactMethodLabel('whatsapp')).toBe('WhatsApp');
    expect(postalCodeLabel()).toBe('PIN code');
    setClinicFormat({ locale: 'en-US' });
    expect(postalCodeLabel()).toBe('ZIP code');
  });

  it("starts a phone without a number on the clinic's dial code; the sign-in component keeps +1", async () => {
    const { splitPhoneNumber } = await import('../../../machines/rules/dial-codes.ts');
    expect(splitPhoneNumber('', clinicFormat().dialCode)).toEqual({ dial: '+91', number: '' });
    expect(splitPhoneNumber('+447700900123', '+91')).toEqual({ dial: '+44', number: '7700900123' });
    expect(splitPhoneNumber('')).toEqual({ dial: '+1', number: '' });
  });
});

describe('the shapes screens ask for', () => {
  it('names a weekday, a month and a wall clock in the clinic locale', async () => {
    const { formatWeekdayDate, formatWeekdayDateTime, formatMonthYear, formatClock } = await import('../../../src/lib/format.ts');
    expect(formatWeekdayDate('2026-11-23')).toBe('Mon, 23/11/2026');
    expect(formatWeekdayDate('2026-11-23', 'long')).toBe('Monday, 23/11/2026');
    expect(formatWeekdayDateTime('2026-11-23T05:00:00Z')).toBe('Mon, 23/11/2026, 10:30 am');
    // A zone the caller already holds wins over the clinic's.
    expect(formatWeekdayDateTime('2026-11-23T05:00:00Z', 'UTC')).toBe('Mon, 23/11/2026, 5:00 am');
    expect(formatTime('2026-11-23T05:00:00Z', 'UTC')).toBe('5:00 am');
    expect(formatMonthYear('2026-11-23')).toBe('November 2026');
    expect(formatClock(9 * 60)).toBe('9:00 am');
    expect(formatClock(13 * 60 + 30)).toBe('1:30 pm');
    expect(formatClock(Number.NaN)).toBe('—');
    setClinicFormat({ locale: 'en-US' });
    expect(formatClock(9 * 60)).toBe('9:00 AM');
  });

  it("gives date fields the clinic's order: dd/mm/yyyy in India", async () => {
    const { clinicDatePattern } = await import('../../../src/lib/format.ts');
    expect(clinicDatePattern()).toBe('DD/MM/YYYY');
    setClinicFormat({ locale: 'en-US' });
    expect(clinicDatePattern()).toBe('MM/DD/YYYY');
    setClinicFormat({ locale: 'de-DE' });
    expect(clinicDatePattern()).toBe('DD.MM.YYYY');
  });
});

describe('phone numbers as people write them (issue 32)', () => {
  afterEach(() => setClinicFormat(null));

  it('groups a number by its dial code: 5 and 5 in India, 3-3-4 in North America', async () => {
    const { formatPhone } = await import('../../../src/lib/format.ts');
    expect(formatPhone('+919302588524')).toBe('+91 93025 88524');
    expect(formatPhone('+12025550143')).toBe('+1 202 555 0143');
    expect(formatPhone('+447911123456')).toBe('+44 7911 123456');
    // Already spaced or dashed, the same; without a dial code, the clinic's.
    expect(formatPhone('+91 93025-88524')).toBe('+91 93025 88524');
    expect(formatPhone('9302588524')).toBe('+91 93025 88524');
    // A length the country does not use: threes.
    expect(formatPhone('+9193025885')).toBe('+91 930 258 85');
    expect(formatPhone(null)).toBe('—');
    expect(formatPhone('ask at the desk')).toBe('ask at the desk');
  });
});
