import { formatListTime } from '../list-time';
import {
  FIRST_SCREEN_DATES_SCRIPT,
  FIRST_SCREEN_LOCAL_TIMES_ATTRIBUTE,
} from './first-screen-dates';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The same text from the platform's own calendar: the test's oracle. */
function intlText(moment: Date, timeZone?: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('formatListTime', () => {
  // Other zones: remote-share's format.test.ts runs it in five, beside the app's formatDate.
  it.each([
    '2023-11-14T22:13:20Z',
    '2025-01-02T03:04:59Z',
    '2024-03-31T01:30:00Z',
    '1999-12-31T23:59:59Z',
  ])('writes %s as YYYY/MM/DD HH:mm in the zone it runs in', (instant) => {
    const moment = new Date(instant);
    expect(formatListTime(moment)).toBe(intlText(moment));
    expect(formatListTime(moment)).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
  });

  it("writes another language's own short date and time, in Latin digits", () => {
    const moment = new Date('2025-01-02T03:04:59Z');
    const short = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    } as const;
    expect(formatListTime(moment, 'de')).toBe(new Intl.DateTimeFormat('de', short).format(moment));
    expect(formatListTime(moment, 'ar')).not.toMatch(/[\u0660-\u0669]/);
  });
});

/** A page as the server writes it: the first screen, then the script right after it. */
function page(times: string[]) {
  document.body.innerHTML =
    '<div id="app"><div data-first-screen style="display:contents">' +
    times
      .map((datetime) => `<time class="ns-row__time" datetime="${datetime}">server zone</time>`)
      .join('') +
    '</div></div><time class="ns-row__time" datetime="2023-11-14T22:13:20.000Z">outside</time>';
  new Function(FIRST_SCREEN_DATES_SCRIPT)();
}

describe('FIRST_SCREEN_DATES_SCRIPT', () => {
  it("rewrites the first screen's times in the browser's zone, then marks the screen", () => {
    const instants = ['2023-11-14T22:13:20.000Z', '2025-06-30T23:59:00.000Z'];
    page(instants);
    const screen = document.querySelector('[data-first-screen]');
    expect(Array.from(screen?.querySelectorAll('time') ?? [], (time) => time.textContent)).toEqual(
      instants.map((instant) => intlText(new Date(instant))),
    );
    expect(screen?.hasAttribute(FIRST_SCREEN_LOCAL_TIMES_ATTRIBUTE)).toBe(true);
    // Only the first screen's: the app's own rows are the app's.
    expect(document.body.lastElementChild?.textContent).toBe('outside');
  });

  it("writes them in the page's language", () => {
    document.documentElement.lang = 'ja';
    try {
      page(['2023-11-14T22:13:20.000Z']);
      expect(document.querySelector('time')?.textContent).toBe(
        formatListTime(new Date('2023-11-14T22:13:20.000Z'), 'ja'),
      );
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('leaves a time it cannot read as the server wrote it', () => {
    page(['not a date']);
    expect(document.querySelector('time')?.textContent).toBe('server zone');
  });

  it('runs with no helper of a build around it (its formatter is self-contained)', () => {
    expect(FIRST_SCREEN_DATES_SCRIPT).not.toMatch(/__name|require\(|import\(/);
  });
});
