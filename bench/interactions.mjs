// The taps of `npm run bench`: how fast the share page answers each one on the benchmark's
// throttled phone (4x CPU, 150 ms round trip, 1.6 Mbit/s). Each is measured on a freshly
// opened, ready page, from the tap (its pointerdown's timestamp) to the first frame that shows
// the answer, with the Interaction to Next Paint of the tap itself (the longest Event Timing
// entry of its interaction; the browser reports none under 16 ms, so "16" means "at most 16").

/** The tap's own latency: Event Timing entries of every interaction, and the last tap's time. */
export const OBSERVE_TAPS = () => {
  const taps = { lastTapAt: 0, events: [] };
  window.__taps = taps;
  document.addEventListener('pointerdown', (event) => (taps.lastTapAt = event.timeStamp), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) taps.events.push([entry.startTime, entry.duration]);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
};

/**
 * Notes the first frame in which the answer `kind` is on screen: checked once per frame (a
 * video's first frame, a loaded image or a dialog do not always change the DOM when they
 * appear), on the page's clock. Runs in the page, so every check is named here.
 */
const WATCH_ANSWER = (kind) => {
  const shown = {
    folder: () =>
      [...document.querySelectorAll('[role="listitem"] button')].some(
        (button) => button.textContent === 'portrait.jpg',
      ),
    image: () => {
      const image = document.querySelector('[role="dialog"] img');
      return Boolean(image && image.complete && image.naturalWidth > 0);
    },
    video: () => {
      const video = document.querySelector('[role="dialog"] video');
      return Boolean(video && video.readyState >= 2);
    },
    'login sheet': () =>
      [...document.querySelectorAll('[role="dialog"]')].some((dialog) =>
        /Log in with Google/.test(dialog.textContent ?? ''),
      ),
    // ui-kit's dialogs are named by their title (aria-labelledby).
    'save picker': () =>
      [...document.querySelectorAll('[role="dialog"][aria-labelledby]')].some((dialog) =>
        /^Save to "/.test(
          document.getElementById(dialog.getAttribute('aria-labelledby'))?.textContent ?? '',
        ),
      ),
  }[kind];
  window.__answerShownAt = 0;
  const check = () => {
    if (shown()) window.__answerShownAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};

/** The taps measured: what is tapped, on which share, and signed in or not. */
export const INTERACTIONS = [
  { name: 'folder → its rows', path: '/s/demo-public', kind: 'folder', tap: 'Photos' },
  { name: 'image → shown', path: '/s/demo-public', kind: 'image', tap: 'mountains.jpg' },
  {
    name: 'video (HLS) → first frame',
    path: '/s/demo-public',
    kind: 'video',
    tap: 'Ocean Waves.mp4',
  },
  {
    name: "'Log in and save' → sheet",
    path: '/s/demo-public',
    kind: 'login sheet',
    tap: 'Log in and save',
  },
  {
    name: "'Save to' → picker",
    path: '/s/demo-public',
    kind: 'save picker',
    tap: /^Save to /,
    signedIn: true,
  },
];

/**
 * One tap on a ready page (throttled, with OBSERVE_TAPS): returns tap → answer shown, and the
 * tap's INP.
 */
export async function measureTap(page, interaction) {
  await page.evaluate(WATCH_ANSWER, interaction.kind);
  await page
    .getByRole('button', {
      name: interaction.tap,
      exact: typeof interaction.tap === 'string',
    })
    .first()
    .click();
  await page.waitForFunction(() => window.__answerShownAt > 0, null, {
    polling: 50,
    timeout: 60_000,
  });
  // Let the tap's Event Timing entries be reported.
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const { lastTapAt, events } = window.__taps;
    const durations = events.filter(([start]) => start >= lastTapAt - 1).map(([, d]) => d);
    return {
      tapToShownMs: window.__answerShownAt - lastTapAt,
      inpMs: Math.max(16, ...durations),
    };
  });
}

/** A session token of a demo account, signed in through the development provider. */
export async function sessionTokenOf(url, account) {
  const provider = await (await fetch(`${url}/idp/authorize?provider=Google`)).text();
  const identityToken = new RegExp(`aria-label="${account}" data-token="([^"]+)"`).exec(
    provider,
  )?.[1];
  if (!identityToken) throw new Error(`the development provider does not list ${account}`);
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ third_token: identityToken }),
  });
  const envelope = await login.json();
  if (envelope.code !== 0) throw new Error(`login as ${account}: ${JSON.stringify(envelope)}`);
  return envelope.data.token;
}
