import { startTransition, StrictMode } from 'react';
import type { Messages, SharePrefetch, SiteLanguage } from 'shared-contracts';
import { isHomePagePath, type RuntimeConfig } from 'shared-contracts/page';
import type { createRoot } from 'react-dom/client';
import { App, preloadHomePage } from './app/app';
import { createShell, startShell, type Shell } from './app/create-shell';
import type { StartUp } from './start-up/start-up-tasks';
import type { LinkExtractCode } from './start-up/link-extract-code';
import { loadRuntimeConfig } from './lib/config/runtime-config';
import { provideShellTexts, shellTexts } from './lib/i18n/shell-texts';
import type { PageRemote } from './lib/remotes/page-remote';
import { measureWhenIdle } from './services/field-data/measure-when-idle';
import type { LeaveBeacon } from './services/field-data/leave-beacon';
import { pageRemoteWaitMs, untilPageRemoteSettles } from './start-up/start-page-remote';

/** The page's language and the shell's texts in it, on their way since the entry chunk ran. */
export interface PageTexts {
  language: SiteLanguage;
  /** The language's compiled catalog; null for English (in the start-up) or texts that failed. */
  messages: Promise<Messages | null>;
}

/** The app, started and ready for its first render once react-dom is there. */
export interface BootedApp {
  /** Renders the app into the page's container, with react-dom's `createRoot`. */
  render(createRootOf: typeof createRoot): Promise<void>;
}

/**
 * Starts the app with what the entry chunk read and started: `pageConfig` is the page's runtime
 * config (null when it has none, or a broken one, which loading it again reports), `texts` the
 * page's language and the shell's texts in it, `sharePrefetch` holds the share answers,
 * `pageRemote` the page's remote it began to load, and `startUp` says whether the server's first
 * screen is showing; `fieldBeacon` is this visit's field data when the sample picked it;
 * `linkExtractCode` is the code the start-up took out of a share link's address (`?pwd=`). It
 * needs react, not react-dom: the shell's services start while react-dom, the largest file of the
 * start-up, still downloads, and only the first render waits for it (docs/performance.md, "Only
 * the first render waits for react-dom").
 */
export async function boot(
  pageConfig: RuntimeConfig | null,
  texts: PageTexts,
  sharePrefetch: SharePrefetch,
  pageRemote: PageRemote,
  startUp: StartUp,
  fieldBeacon: LeaveBeacon | null = null,
  linkExtractCode: LinkExtractCode | null = null,
): Promise<BootedApp> {
  const { language } = texts;
  // Before anything shows or says a text: the page the server painted in a language goes on in
  // it (the catalog is small, and preloaded with the page).
  const messages = await texts.messages;
  if (messages) provideShellTexts(language, messages);
  let shell: Shell;
  try {
    const config = pageConfig ?? (await loadRuntimeConfig());
    shell = createShell(config, { language });
    startShell(shell);
  } catch (error) {
    console.error('[shell] could not start', error);
    return { render: async (createRootOf) => renderStartFailure(createRootOf, language) };
  }
  // The home page the server painted: its chunk loads now, and the first render shows it.
  const homePage = isHomePagePath(window.location.pathname)
    ? preloadHomePage().catch(() => undefined)
    : null;
  return {
    async render(createRootOf) {
      const root = createRootOf(appContainer());
      await startUp.pause();
      await untilPageRemoteSettles(pageRemote, pageRemoteWaitMs(startUp.overFirstScreen));
      await homePage;
      const render = () =>
        root.render(
          <StrictMode>
            <App
              shell={shell}
              sharePrefetch={sharePrefetch}
              pageRemote={pageRemote}
              linkExtractCode={linkExtractCode}
            />
          </StrictMode>,
        );
      // Over the server's first screen, a transition: React renders the page in slices of a few
      // milliseconds, so its frames and input never wait for the whole render. Over an empty page
      // at once: the first paint waits for it.
      if (startUp.overFirstScreen) startTransition(render);
      else render();
      measureWhenIdle(fieldBeacon);
    },
  };
}

const appContainer = () => document.getElementById('app') as HTMLElement;

function renderStartFailure(createRootOf: typeof createRoot, language: SiteLanguage) {
  const t = shellTexts(language);
  createRootOf(appContainer()).render(
    <div role="alert" style={{ padding: 32, textAlign: 'center' }}>
      {t('startFailed')}
    </div>,
  );
}
