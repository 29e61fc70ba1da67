import { execFileSync } from 'node:child_process';
import { formatListTime, formatSize } from 'shared-contracts';
import {
  waitOf,
  expiryOf,
  formatDate,
  formatDuration,
  formatFileSize,
  formatPercent,
  isoInstantOf,
} from './format';
import { textsIn } from './texts';

describe('formatDuration', () => {
  it.each([
    [undefined, '--:--:--'],
    [0, '--:--:--'],
    [-5, '--:--:--'],
    [5, '00:00:05'],
    [70, '00:01:10'],
    [3600, '01:00:00'],
    [3725.9, '01:02:05'],
    [360000, '100:00:00'],
  ])('%p → %p', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatDate', () => {
  it('formats unix seconds as YYYY/MM/DD HH:mm in local time, in English', () => {
    const seconds = new Date(2025, 0, 2, 3, 4, 59).getTime() / 1000;
    expect(formatDate(seconds, 'en')).toBe('2025/01/02 03:04');
  });
  it("formats them as another language's short date and time", () => {
    const seconds = new Date(2025, 0, 2, 15, 4, 59).getTime() / 1000;
    expect(formatDate(seconds, 'de')).toBe('02.01.2025, 15:04');
    expect(formatDate(seconds, 'ja')).toBe('2025/01/02 15:04');
  });
  it('is empty when missing', () => {
    expect(formatDate(0, 'en')).toBe('');
    expect(formatDate(undefined, 'fr')).toBe('');
  });

  // The first screen's rows show their times through the page's inline script, with the same
  // formatListTime (shared-contracts' page/first-screen-dates.test.ts): nothing changes as the
  // app takes over, in any zone.
  it('writes YYYY/MM/DD HH:mm in the local time of every zone', () => {
    const instants = [
      '2023-11-14T22:13:20Z',
      '2024-03-31T00:59:59Z', // the hour before Europe's summer time
      '2024-03-31T01:00:00Z',
      '2024-10-27T00:30:00Z',
      '2024-02-29T23:59:00Z',
      '1999-12-31T23:59:59Z',
    ];
    // The platform's own calendar in the same zone is the oracle.
    const source = `const listTime = ${formatListTime.toString()};
      console.log(JSON.stringify(${JSON.stringify(instants)}.map((instant) => {
        const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
          hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
          hour: '2-digit', minute: '2-digit',
        }).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
        return [
          listTime(new Date(instant)),
          parts.year + '/' + parts.month + '/' + parts.day + ' ' + parts.hour + ':' + parts.minute,
        ];
      })));`;
    for (const zone of [
      'UTC',
      'Europe/Berlin',
      'Asia/Kolkata',
      'America/St_Johns',
      'Pacific/Chatham',
    ]) {
      const output = execFileSync(process.execPath, ['-e', source], {
        env: { ...process.env, TZ: zone },
      });
      for (const [row, calendar] of JSON.parse(output.toString()) as [string, string][])
        expect(`${zone} ${row}`).toBe(`${zone} ${calendar}`);
    }
  });
});

describe('isoInstantOf', () => {
  it("is the moment's ISO instant, whatever the zone", () => {
    expect(isoInstantOf(1_700_000_000)).toBe('2023-11-14T22:13:20.000Z');
  });
});

describe('formatFileSize', () => {
  const t = textsIn('en');
  it('writes English as the size rule always has (shared-contracts formatSize)', () => {
    const sizes = [0, 1, 512, 1023, 1024, 1536, 2559, 1024 * 1023, 1024 * 1024];
    for (let bytes = 1; bytes < 1024 ** 4; bytes = Math.ceil(bytes * 1.37) + 7) sizes.push(bytes);
    for (const bytes of sizes) expect(formatFileSize(bytes, 'en', t)).toBe(formatSize(bytes));
  });
  it("writes the number in the page's language, with Latin digits", () => {
    expect(formatFileSize(1024 * 1024 * 1.55, 'de', t)).toBe('1,6 MB');
    expect(formatFileSize(1024 ** 3 * 2048.5, 'fr', t)).toBe('2048,50 GB');
    expect(formatFileSize(1024 ** 3 * 2.345, 'ar', t)).toBe('2.35 GB');
  });
  it('is Unknown when missing', () => {
    expect(formatFileSize(-1, 'en', t)).toBe('Unknown');
    expect(formatFileSize(undefined, 'ja', t)).toBe('Unknown');
  });
});

describe('formatPercent', () => {
  it("writes a whole percentage in the page's language", () => {
    expect(formatPercent(1.5, 'en')).toBe('150%');
    expect(formatPercent(2.004, 'en')).toBe('200%');
    expect(formatPercent(1.5, 'tr')).toBe('%150');
  });
});

describe('expiryOf', () => {
  const now = Date.UTC(2025, 5, 1);
  const inSeconds = (hours: number) => now / 1000 + hours * 3600;
  it('is permanent when 0', () => {
    expect(expiryOf(0, now)).toEqual({ kind: 'permanent' });
  });
  it('counts whole days when 24 hours or more remain', () => {
    expect(expiryOf(inSeconds(24), now)).toEqual({ kind: 'days', n: 1 });
    expect(expiryOf(inSeconds(24 * 7 + 5), now)).toEqual({ kind: 'days', n: 7 });
  });
  it('counts hours under a day', () => {
    expect(expiryOf(inSeconds(23.5), now)).toEqual({ kind: 'hours', n: 24 });
    expect(expiryOf(inSeconds(5), now)).toEqual({ kind: 'hours', n: 5 });
    expect(expiryOf(inSeconds(0.2), now)).toEqual({ kind: 'hours', n: 1 });
    expect(expiryOf(inSeconds(-1), now)).toEqual({ kind: 'hours', n: 0 });
  });
});

describe('waitOf', () => {
  it('rounds a wait up to whole minutes, then to hours from an hour and a half', () => {
    expect(waitOf(1)).toEqual({ kind: 'minutes', n: 1 });
    expect(waitOf(60)).toEqual({ kind: 'minutes', n: 1 });
    expect(waitOf(61)).toEqual({ kind: 'minutes', n: 2 });
    expect(waitOf(600)).toEqual({ kind: 'minutes', n: 10 });
    expect(waitOf(89 * 60)).toEqual({ kind: 'minutes', n: 89 });
    expect(waitOf(90 * 60)).toEqual({ kind: 'hours', n: 2 });
    expect(waitOf(24 * 3600 - 5)).toEqual({ kind: 'hours', n: 24 });
    expect(waitOf(0)).toEqual({ kind: 'minutes', n: 1 });
  });
});
