import { execFileSync } from 'node:child_process';
import { formatListTime } from 'shared-contracts';
import {
  waitOf,
  expiryOf,
  formatDate,
  formatDuration,
  isoInstantOf,
  LIST_TIME_FORMAT,
} from './format';

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
  it('formats unix seconds as YYYY/MM/DD HH:mm in local time', () => {
    const seconds = new Date(2025, 0, 2, 3, 4, 59).getTime() / 1000;
    expect(formatDate(seconds)).toBe('2025/01/02 03:04');
  });
  it('is empty when missing', () => {
    expect(formatDate(0)).toBe('');
    expect(formatDate(undefined)).toBe('');
  });

  // The first screen shows its rows' times with formatListTime before the app runs; the app's
  // render must write the very same text, or the rows would change as it takes over.
  it("writes what the first screen's formatListTime writes, in every zone", () => {
    const instants = [
      '2023-11-14T22:13:20Z',
      '2024-03-31T00:59:59Z', // the hour before Europe's summer time
      '2024-03-31T01:00:00Z',
      '2024-10-27T00:30:00Z',
      '2024-02-29T23:59:00Z',
      '1999-12-31T23:59:59Z',
    ];
    const source = `const dayjs = require(${JSON.stringify(require.resolve('dayjs'))});
      const listTime = ${formatListTime.toString()};
      console.log(JSON.stringify(${JSON.stringify(instants)}.map((instant) => [
        dayjs(instant).format(${JSON.stringify(LIST_TIME_FORMAT)}),
        listTime(new Date(instant)),
      ])));`;
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
      for (const [app, firstScreen] of JSON.parse(output.toString()) as [string, string][])
        expect(`${zone} ${app}`).toBe(`${zone} ${firstScreen}`);
    }
  });
});

describe('isoInstantOf', () => {
  it("is the moment's ISO instant, whatever the zone", () => {
    expect(isoInstantOf(1_700_000_000)).toBe('2023-11-14T22:13:20.000Z');
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
