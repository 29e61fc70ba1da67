import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  isSiteLanguage,
  type FirstScreenInput,
  type SiteLanguage,
  type InviteScreenInput,
  type InviteScreenRenderer,
  type ShareFirstScreenRenderer,
  type ShareScreenRenderer,
  type ShareView,
} from 'shared-contracts';
import {
  FIRST_SCREEN_ATTRIBUTE,
  type HomeScreenRenderer,
  type PageFrameRenderer,
  type ShareAnswersInPage,
} from 'shared-contracts/page';
import { createCachedFileReader } from '../lib/cached-file';
import { cssUsedBy, parseScreenCss } from './used-css';

/** Where an app's build puts its first-screen renderer (`FIRST_SCREEN_DIR` in webpack/index.js). */
const FIRST_SCREEN_DIR = 'dist-first-screen';

/**
 * The first screen of a share page: its HTML for the app's container, the CSS it needs, and the
 * document title its screen gives the page (null: the product's name, as the page had).
 */
export interface RenderedFirstScreen {
  html: string;
  css: string;
  title: string | null;
  /** The page's BCP 47 language when its screen gives it one (the invite page); else null. */
  lang?: string | null;
}

/**
 * A share page: its code, its answers (null: a code that names no share) and the visitor's view
 * its list is painted in (none: the list).
 */
export type ShareScreenInput = FirstScreenInput & {
  shareCode: string;
  answers: ShareAnswersInPage | null;
  view?: ShareView;
};

const requireBuilt = createRequire(import.meta.url);

function isPageFrameRenderer(value: unknown): value is PageFrameRenderer {
  return typeof (value as PageFrameRenderer | null)?.renderPageFrame === 'function';
}

function isShareFirstScreenRenderer(value: unknown): value is ShareFirstScreenRenderer {
  return typeof (value as ShareFirstScreenRenderer | null)?.renderShareFirstScreen === 'function';
}

function isInviteScreenRenderer(value: unknown): value is InviteScreenRenderer {
  return typeof (value as InviteScreenRenderer | null)?.renderInviteScreen === 'function';
}

/** A viewer build from before contract 1.9 renders lists only. */
function rendersScreens(
  value: ShareFirstScreenRenderer,
): value is ShareFirstScreenRenderer & ShareScreenRenderer {
  return typeof (value as Partial<ShareScreenRenderer>).renderShareScreen === 'function';
}

/**
 * Loads an app's built renderer, again once a new build has replaced it; rejects before a build
 * or when the file is not such a renderer.
 */
function createRendererLoader<Renderer>(
  file: string,
  isRenderer: (value: unknown) => value is Renderer,
) {
  let loaded: { mtimeMs: number; renderer: Renderer } | null = null;
  return async function load(): Promise<Renderer> {
    const { mtimeMs } = await stat(file);
    if (loaded?.mtimeMs === mtimeMs) return loaded.renderer;
    // A rebuilt file is a new module: Node would hand out the one it loaded first.
    Reflect.deleteProperty(requireBuilt.cache, file);
    const module: unknown = requireBuilt(file);
    if (!isRenderer(module)) throw new Error(`${file} is not a first-screen renderer`);
    loaded = { mtimeMs, renderer: module };
    return module;
  };
}

/** An app's first-screen build folder (`<app>/dist-first-screen`) under the static root. */
const firstScreenFolder = (staticRoot: string, app: string) =>
  path.join(staticRoot, app, FIRST_SCREEN_DIR);

/**
 * A painted screen in the wrapper the app's start-up looks for (`data-first-screen`);
 * `display: contents`: the wrapper adds no box, so the layout is the app's own.
 */
const inFirstScreenWrapper = (html: string) =>
  `<div ${FIRST_SCREEN_ATTRIBUTE} style="display:contents">${html}</div>`;

/**
 * The first screen the server writes into a share page whose answers carry the root list: the
 * shell's frame around the viewer, rendered by the two apps' own server builds, so the file list
 * paints as soon as the HTML has arrived instead of after the scripts have downloaded and run.
 * Resolves with null when an app has no such build (the app then renders everything itself).
 */
export function createFirstScreen(staticRoot: string) {
  const folderOf = (app: string) => firstScreenFolder(staticRoot, app);
  const loadFrame = createRendererLoader(
    path.join(folderOf('shell'), 'first-screen.js'),
    isPageFrameRenderer,
  );
  const loadViewer = createRendererLoader(
    path.join(folderOf('remote-share'), 'first-screen.js'),
    isShareFirstScreenRenderer,
  );
  const readCss = createCachedFileReader(parseScreenCss);

  /**
   * A share page's first screen: the root list when the answers carry it; else the viewer's
   * screen that needs no list (a code prompt, a status view, not found). Null when the viewer
   * would show a list it has not got (a long root) or its build renders no such screen.
   */
  return async function render(input: ShareScreenInput): Promise<RenderedFirstScreen | null> {
    let renderers;
    try {
      renderers = await Promise.all([
        loadFrame(),
        loadViewer(),
        readCss(path.join(folderOf('shell'), 'first-screen.css')),
        readCss(path.join(folderOf('remote-share'), 'first-screen.css')),
      ]);
    } catch {
      return null;
    }
    const [frame, viewer, frameCss, viewerCss] = renderers;
    let content: string;
    let title: string | null = null;
    const { answers } = input;
    if (answers?.root_list) {
      content = viewer.renderShareFirstScreen({
        ...input,
        answers: { ...answers, root_list: answers.root_list },
      });
    } else {
      if (!rendersScreens(viewer)) return null;
      const screen = viewer.renderShareScreen({ ...input, info: answers?.info ?? null });
      if (!screen) return null;
      ({ html: content, title } = screen);
    }
    const page = frame.renderPageFrame({ ...input, content });
    return {
      html: inFirstScreenWrapper(page),
      css: cssUsedBy(page, [frameCss, viewerCss]),
      title,
    };
  };
}

function isHomeScreenRenderer(value: unknown): value is HomeScreenRenderer {
  return typeof (value as HomeScreenRenderer | null)?.renderHomeScreen === 'function';
}

/**
 * The home page (`/`) painted by the server (issue 49): the shell's own server build renders the
 * frame and the home page's card as the app's first render of `/` shows them, in the visitor's
 * language. Null when the shell has no such build (one from before contract 2.1): the app renders
 * the page, as before.
 */
export function createHomeFirstScreen(staticRoot: string) {
  const folder = firstScreenFolder(staticRoot, 'shell');
  const loadHome = createRendererLoader(path.join(folder, 'first-screen.js'), isHomeScreenRenderer);
  const readCss = createCachedFileReader(parseScreenCss);

  return async function render(input: FirstScreenInput): Promise<RenderedFirstScreen | null> {
    let loaded;
    try {
      loaded = await Promise.all([loadHome(), readCss(path.join(folder, 'first-screen.css'))]);
    } catch {
      return null;
    }
    const [home, css] = loaded;
    const html = home.renderHomeScreen(input);
    return { html: inFirstScreenWrapper(html), css: cssUsedBy(html, [css]), title: null };
  };
}

/** The invite page's request as its renderer reads it (InviteScreenInput without the config). */
export type InviteRequest = Pick<InviteScreenInput, 'search' | 'browserLanguage'>;

/**
 * The browser's language as a request's `Accept-Language` names it first (`zh-TW;q=0.9` is
 * `zh-TW`), which is the browser's `navigator.language`; null when it names none.
 */
export function browserLanguageOf(acceptLanguage: string | undefined): string | null {
  const first = (acceptLanguage ?? '').split(',')[0]?.split(';')[0]?.trim() ?? '';
  return first === '' || first === '*' ? null : first;
}

/**
 * The invite page painted by the server (docs/performance.md, "Screens without a list"):
 * remote-invite's own server build renders the card as the app's first render shows it. The
 * invite page has no frame of the shell's (no top bar, no footer), so the remote's markup is the
 * whole screen; the shell's first-screen CSS comes with it for the page's base (its body, fonts,
 * box sizing), which the app's CSS sets on this page too. Null when remote-invite has no such
 * build (the app renders everything, as before) or the renderer paints nothing for the request.
 */
export function createInviteFirstScreen(staticRoot: string) {
  const folderOf = (app: string) => firstScreenFolder(staticRoot, app);
  const loadInvite = createRendererLoader(
    path.join(folderOf('remote-invite'), 'first-screen.js'),
    isInviteScreenRenderer,
  );
  const readCss = createCachedFileReader(parseScreenCss);

  return async function render(input: InviteScreenInput): Promise<RenderedFirstScreen | null> {
    let loaded;
    try {
      loaded = await Promise.all([
        loadInvite(),
        readCss(path.join(folderOf('shell'), 'first-screen.css')),
        readCss(path.join(folderOf('remote-invite'), 'first-screen.css')),
      ]);
    } catch {
      return null;
    }
    const [invite, baseCss, inviteCss] = loaded;
    const screen = invite.renderInviteScreen(input);
    if (!screen) return null;
    return {
      html: inFirstScreenWrapper(screen.html),
      css: cssUsedBy(screen.html, [baseCss, inviteCss]),
      title: screen.title,
      lang: screen.lang,
    };
  };
}

/**
 * The language a page is in: the visitor's, or the one the invite page's screen was painted in
 * by that page's own rule (docs/product.md, "The invite page").
 */
export function pageLanguageOf(
  visitorLanguage: SiteLanguage,
  rendered: RenderedFirstScreen | null,
): SiteLanguage {
  const paintedLanguage = rendered?.lang;
  return isSiteLanguage(paintedLanguage) ? paintedLanguage : visitorLanguage;
}
