import { describe, expect, it } from 'vitest';
import { dayField, imageLinkField, instantField } from './common.ts';

describe('dates and instants lie in the years 1000 to 9998', () => {
  it('days', () => {
    const day = dayField('Birthday must be a date (YYYY-MM-DD)', 'Birthday');
    for (const ok of ['1000-01-01', '1815-12-10', '2024-02-29', '9998-12-31'])
      expect(day.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0000-01-01', '0001-01-01', '0999-12-31', '9999-01-01', '9999-12-31']) {
      const r = day.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toEqual(['Birthday must be in the years 1000 to 9998']);
    }
    // Not a date at all: one message, the format's.
    expect(day.safeParse('2024-13-01').error?.issues.map((i) => i.message)).toEqual([
      'Birthday must be a date (YYYY-MM-DD)',
    ]);
  });

  it('instants, by the moment they name in UTC', () => {
    const at = instantField();
    for (const ok of ['1000-01-01T00:00:00Z', '2024-05-01T10:00:00+02:00', '9998-12-31T23:59:59.999Z']) {
      expect(at.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      '0000-01-01T00:00:00Z',
      '0999-12-31T23:59:59Z',
      '1000-01-01T00:30:00+01:00',
      '9998-12-31T23:00:00-05:00',
      '9999-06-01T00:00:00Z',
    ]) {
      expect(at.safeParse(bad).success, bad).toBe(false);
    }
    expect(at.safeParse('yesterday').error?.issues).toHaveLength(1);
  });
});

describe('image links', () => {
  it('take http(s) links and our own files only', () => {
    for (const ok of [
      'https://img.test/a.png',
      'HTTP://img.test/a.png?x=1',
      '  https://img.test/a.png  ',
      '/api/contact-file/a/b',
      '/files/blue.png',
    ]) {
      expect(imageLinkField.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:image/png;base64,AAAA',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.test/a.png',
      '/etc/passwd',
      'https://',
      'https://img.test/a\u0000.png',
      'img.test/a.png',
    ]) {
      expect(imageLinkField.safeParse(bad).success, bad).toBe(false);
    }
    expect(imageLinkField.parse('  /files/x.png ')).toBe('/files/x.png');
  });

  it('refuse private, loopback and link-local hosts with their own message', () => {
    for (const bad of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:5432/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0.0.0.0/',
      'http://10.1.2.3/a.png',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://localhost:3000/a.png',
      'http://db.internal/',
      'http://printer.local/',
      'http://intranet/',
    ]) {
      const r = imageLinkField.safeParse(bad);
      expect(r.success, bad).toBe(false);
      expect(
        r.error?.issues.map((i) => i.message),
        bad,
      ).toEqual(['Must be a public address, not a private, loopback or link-local one']);
    }
    for (const ok of [
      'http://8.8.8.8/a.png',
      'https://[2606:4700::1111]/a.png',
      'https://cdn.example.com/x',
    ]) {
      expect(imageLinkField.safeParse(ok).success, ok).toBe(true);
    }
  });
});
