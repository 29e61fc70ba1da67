// Names the long tasks of a Chromium trace (Lighthouse's, or bench/first-paint.mjs's): the
// renderer's main-thread tasks from the navigation on, each with what ran in it (the script
// evaluated or the function called, by file; parsing, style, layout, compile). Used by the
// Lighthouse step of `npm run bench` to say which tasks make a slow TBT, and on its own:
//   node bench/trace-tasks.mjs trace.json [--over 12.5]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The trace's renderer main thread that parsed the page's HTML (a web page's): 'pid:tid'. */
function mainThreadOf(events) {
  const counts = new Map();
  for (const event of events) {
    if (event.name !== 'ParseHTML' || !/^https?:/.test(event.args?.beginData?.url ?? '')) continue;
    const key = `${event.pid}:${event.tid}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : null;
}

const fileOf = (url) => {
  if (!url) return '';
  try {
    const { pathname } = new URL(url);
    return pathname.split('/').filter(Boolean).at(-1) ?? pathname;
  } catch {
    return url.slice(0, 40);
  }
};

/** What a task's slice `event` did, in a few words. */
function labelOf(event) {
  const data = event.args?.data ?? {};
  switch (event.name) {
    case 'EvaluateScript':
      return `evaluate ${fileOf(data.url) || 'inline'}`;
    case 'v8.compile':
    case 'v8.compileModule':
      return `compile ${fileOf(data.url ?? event.args?.fileName) || 'inline'}`;
    case 'FunctionCall':
      return `call ${fileOf(data.url) || '?'}${data.functionName ? ` ${data.functionName}` : ''}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'Paint':
    case 'PrePaint':
    case 'Layerize':
    case 'UpdateLayer':
      return 'paint';
    case 'TimerFire':
      return 'timer';
    case 'EventDispatch':
      return `event ${data.type ?? ''}`;
    case 'FireAnimationFrame':
      return 'animation frame';
    case 'v8.produceCache':
    case 'v8.produceModuleCache':
      return 'code cache';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'GC';
    default:
      return null;
  }
}

/**
 * The main thread's tasks of at least `overMs` (wall time in the trace), from the navigation's
 * start: `{ startMs, durationMs, parts: [[label, ms], ...] }`, parts the largest first (a part's
 * time is its own slices', nested ones of another kind not subtracted: a guide, not a profile).
 * Also the trace's FCP and domInteractive-like marks when present.
 */
export function longTasksOf(trace, { overMs = 50 } = {}) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  const main = mainThreadOf(events);
  if (!main) return { tasks: [], fcpMs: null };
  const [pid, tid] = main.split(':').map(Number);
  const onMain = events.filter((event) => event.pid === pid && event.tid === tid);
  const navigation = events.findLast(
    (event) =>
      event.name === 'navigationStart' &&
      event.pid === pid &&
      /^https?:/.test(event.args?.data?.documentLoaderURL ?? ''),
  );
  const origin = navigation?.ts ?? Math.min(...onMain.map((event) => event.ts));
  const fcp = events.find(
    (event) => event.name === 'firstContentfulPaint' && event.pid === pid && event.ts >= origin,
  );
  const tasks = onMain
    .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.ts >= origin)
    .filter((event) => event.dur / 1000 >= overMs)
    .map((task) => {
      const end = task.ts + task.dur;
      const parts = new Map();
      for (const event of onMain) {
        if (event.ph !== 'X' || event.ts < task.ts || event.ts >= end || event === task) continue;
        const label = labelOf(event);
        if (!label) continue;
        parts.set(label, (parts.get(label) ?? 0) + event.dur / 1000);
      }
      return {
        startMs: Math.round((task.ts - origin) / 1000),
        durationMs: Math.round(task.dur / 100) / 10,
        parts: [...parts.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([label, ms]) => [label, Math.round(ms * 10) / 10]),
      };
    });
  return { tasks, fcpMs: fcp ? Math.round((fcp.ts - origin) / 1000) : null };
}

/** One line per task, for a terminal. */
export const describeTasks = ({ tasks, fcpMs }) =>
  [
    `FCP at ${fcpMs ?? '?'} ms; ${tasks.length} task(s):`,
    ...tasks.map(
      ({ startMs, durationMs, parts }) =>
        `  @${startMs} ms ${durationMs} ms: ${parts.map(([label, ms]) => `${label} ${ms}`).join(', ')}`,
    ),
  ].join('\n');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  const index = process.argv.indexOf('--over');
  const overMs = index === -1 ? 12.5 : Number(process.argv[index + 1]);
  const trace = JSON.parse(readFileSync(path.resolve(file), 'utf8'));
  console.log(describeTasks(longTasksOf(trace, { overMs })));
}
