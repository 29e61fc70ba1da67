import { readPageConfigOrNull } from '../lib/config/runtime-config';
import { loadShellMessages } from '../lib/i18n/load-shell-messages';
import { pageLanguage } from '../lib/i18n/page-language';
import { recordFieldError } from '../services/field-data/field-recorder';
import { startFieldData } from '../services/field-data/start-field-data';
import { startPageRemote } from './start-page-remote';
import { takeLinkExtractCode } from './link-extract-code';
import { replayFirstScreenTaps } from './first-screen-taps';
import { numberHistoryEntry } from './router-history';
import { readShareAnswers, readShareNotFound, startSharePrefetch } from './share-prefetch';
import { startUpOver } from './start-up-tasks';
import { loadIntlData } from './intl-data';
import { applyStartUpCss } from './start-up-css';

/**
 * The page's start-up, from the entry script to the app's first render (docs/performance.md,
 * "The shell's start-up"). Over the server's first screen each step below runs in a task of its
 * own: starting the federation runtime (the entry script's own task), reading the page's
 * answers, registering the remotes, resolving the shared modules, evaluating the app's modules,
 * starting the shell, loading the language's `Intl` data and evaluating react-dom each take tens
 * of milliseconds on a slow phone.
 */
export async function startPage(container: Element | null): Promise<void> {
  // First of all: a share link's extract code leaves the address before anything reads it.
  const linkExtractCode = takeLinkExtractCode(window);
  // The page's language, as the server painted it: the shell's texts in it start downloading now
  // (English comes with the start-up), and every call and remote is told it.
  const language = pageLanguage();
  const shellMessages = loadShellMessages(language).catch((error: unknown) => {
    // Texts that did not come leave the shell's English ones: the page still works.
    recordFieldError('shell', 'load', error);
    return null;
  });
  // The router's history write, out of the first render that waits for react-dom.
  numberHistoryEntry(window.history);
  const startUp = startUpOver(container);
  // Taps made on the server's first screen run on the app's, once it has replaced it.
  if (container && startUp.overFirstScreen) replayFirstScreenTaps(container);
  // The CSS of the app's chunks, applied while the rest of the start-up still downloads, in a task
  // of its own over a first screen: parsing 30 KB of rules made this step one long task with
  // the steps above (docs/performance.md, "A quiet main thread after ready"). Before the page's
  // remote loads, whose chunks' CSS webpack finds by it.
  await startUp.pause();
  applyStartUpCss(document);
  await startUp.step('read-answers');
  // The share's first answers come with the page, or are requested now, while the app's code
  // downloads, not after it.
  // Read once here; bootstrap reads it again only when the page carries none or a broken one.
  const config = readPageConfigOrNull();
  const answers = readShareAnswers();
  const fieldBeacon = startFieldData(config, answers);
  const sharePrefetch = startSharePrefetch(
    config,
    language,
    window.location,
    answers,
    readShareNotFound(),
  );
  await startUp.step('register-remotes');
  // The page's remote starts loading now: its code then runs before the app's first render.
  const pageRemote = startPageRemote(config, language, window.location.pathname, startUp.pause);
  await startUp.step('app-modules');
  // The async boundary federation needs before shared modules are used
  // (docs/decisions/0023-pinned-stack-and-module-federation.md, rule 1). The app's modules need
  // react, not react-dom: they run while react-dom still downloads.
  const { boot } = await import('../bootstrap');
  await startUp.step('start-shell');
  const app = await boot(
    config,
    { language, messages: shellMessages },
    sharePrefetch,
    pageRemote,
    startUp,
    fieldBeacon,
    linkExtractCode,
  );
  await startUp.step('intl-data');
  loadIntlData(language);
  await startUp.step('react-dom');
  // react-dom, the largest file of the start-up and the last to arrive: only the first render
  // waits for it.
  const { createRoot } = await import('react-dom/client');
  await app.render(createRoot);
}
