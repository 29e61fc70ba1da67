import { startUpOver } from './app/start-up';
import { readPageConfigOrNull } from './config/runtime-config';
import { startPageRemote } from './remotes/page-remote';
import { readShareAnswers, startSharePrefetch } from './share-prefetch/share-prefetch';

const startUp = startUpOver(document.getElementById('app'));

// Over the server's first screen each step below runs in a task of its own (app/start-up.ts):
// starting the federation runtime (this script's own task), reading the page's answers,
// registering the remotes, resolving the shared modules, evaluating react-dom, evaluating the
// app's modules and starting the shell each take tens of milliseconds on a slow phone.
void (async () => {
  await startUp.pause();
  // The share's first answers come with the page, or are requested now, while the app's code
  // downloads, not after it.
  // Read once here; bootstrap reads it again only when the page carries none or a broken one.
  const config = readPageConfigOrNull();
  const sharePrefetch = startSharePrefetch(config, window.location, readShareAnswers());
  await startUp.pause();
  // The page's remote starts loading now: its code then runs before the app's first render.
  const pageRemote = startPageRemote(config, window.location.pathname, startUp.pause);
  await startUp.pause();
  // react-dom, the largest module the app runs, on its own before the app's modules.
  await import('react-dom/client');
  await startUp.pause();
  // The async boundary federation needs before shared modules are used (STACK.md pitfall 1).
  const { boot } = await import('./bootstrap');
  await startUp.pause();
  await boot(config, sharePrefetch, pageRemote, startUp);
})();
