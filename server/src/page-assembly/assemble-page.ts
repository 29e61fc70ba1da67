import type { FastifyInstance } from 'fastify';
import {
  directionOf,
  shareCodeOfPage,
  type FirstScreenInput,
  type ShareView,
  type SiteLanguage,
} from 'shared-contracts';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_DATES_SCRIPT,
  isHomePagePath,
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  REMOTE_MANIFESTS_ELEMENT_ID,
  remoteOfPage,
  RUNTIME_CONFIG_ELEMENT_ID,
  SHARE_ANSWERS_ELEMENT_ID,
  START_UP_CSS_ELEMENT_ID,
  type RemoteManifestsInPage,
  type RuntimeConfig,
  type ShareAnswersInPage,
  type ShareNotFoundInPage,
} from 'shared-contracts/page';
import { pagePreviewOf } from '../link-preview/page-preview';
import type { PageListOptions } from '../plugins/app/shares';
import { escapeHtml, jsonScriptElement } from '../lib/html';
import {
  createFirstScreen,
  createHomeFirstScreen,
  createInviteFirstScreen,
  pageLanguageOf,
  type InviteRequest,
  type RenderedFirstScreen,
} from './first-screen';
import { createBuiltPage, type BuiltPage } from './built-page';
import { leaveBeforeStartScript } from './leave-before-start';
import { createPageMessages } from './page-messages';
import {
  createPreloadHints,
  preloadHeader,
  preloadTags,
  shellStartUpScripts,
} from './preload-hints';
import { startAppAfterFirstPaint } from './start-after-first-paint';
import { createStartUpCss, escapeStyle } from './start-up-css';

/** The empty container of the shell's page that the app renders into (minified or not). */
const APP_CONTAINER = /<div id=(["']?)app\1><\/div>/;

/**
 * What a share page's first screen is rendered for: the device class, the language and the
 * visitor's view (none: the list).
 */
export type FirstScreenClient = Pick<FirstScreenInput, 'platform' | 'language'> & {
  view?: ShareView;
};

/** The root element's start tag, whatever its attributes (`<html lang=en>`). */
const HTML_START_TAG = /<html\b[^>]*>/i;

/** The build's title element, whatever it holds (webpack's `title` option). */
const TITLE_ELEMENT = /<title>[^<]*<\/title>/i;

/** After a first screen with times: FIRST_SCREEN_DATES_SCRIPT, its hash in the CSP. */
const localTimes = (firstScreen: string) =>
  firstScreen.includes('<time ') ? `<script>${FIRST_SCREEN_DATES_SCRIPT}</script>` : '';

/**
 * Assembles the page the server sends for a path: the shell's built index.html with the runtime
 * configuration, the share's first answers, the first screen, preload hints and link-preview tags.
 */
export function createPageAssembler(app: FastifyInstance) {
  const preloadHints = createPreloadHints(app.env.staticRoot);
  const pageMessages = createPageMessages(app.env.staticRoot);
  const renderFirstScreen = createFirstScreen(app.env.staticRoot);
  const renderInviteScreen = createInviteFirstScreen(app.env.staticRoot);
  const renderHomeScreen = createHomeFirstScreen(app.env.staticRoot);
  const startUpCss = createStartUpCss(app.env.staticRoot);

  /** The invite page as its app's first render shows it (first-screen.ts); null: none. */
  async function inviteScreen(
    client: FirstScreenClient,
    config: RuntimeConfig,
    invite: InviteRequest,
  ): Promise<RenderedFirstScreen | null> {
    try {
      return await renderInviteScreen({ config, ...client, ...invite });
    } catch (error) {
      app.log.warn({ err: error }, 'the invite page could not be rendered');
      return null;
    }
  }

  /**
   * A share page carries its first answers (`/share/info`, and the root list of a short public or
   * unlocked share): the app shows the list without waiting for two round trips.
   */
  async function shareAnswers(
    pathname: string,
    language: SiteLanguage,
    list: PageListOptions,
  ): Promise<ShareAnswersInPage | ShareNotFoundInPage | null> {
    const code = shareCodeOfPage(pathname);
    if (!code) return null;
    try {
      const { publicOrigin: origin } = app.env;
      const answers = await app.shares.pageAnswers(code, origin, language, list);
      return answers ?? { share_code: code, not_found: true }; // painted as the not-found view
    } catch (error) {
      // The page still works without them: the app asks the API, which reports the failure.
      app.log.warn({ err: error }, 'share answers for the page failed');
      return null;
    }
  }

  /**
   * The first screen of a share page, rendered here so it paints before the scripts have run:
   * the list its answers carry (the root's or a folder's; not a sorted or filtered one), or a
   * screen that needs none (a code prompt, a status view, not found); the home page's; null for
   * any other page, or when it cannot be rendered.
   */
  async function firstScreen(
    client: FirstScreenClient,
    config: RuntimeConfig,
    found: ShareAnswersInPage | ShareNotFoundInPage | null,
    { opensOwnList, pathname }: { opensOwnList: boolean; pathname: string },
  ): Promise<RenderedFirstScreen | null> {
    if (!found && !isHomePagePath(pathname)) return null;
    const answers = found && 'info' in found ? found : null;
    if (answers?.root_list && opensOwnList) return null;
    try {
      if (!found) return await renderHomeScreen({ config, ...client });
      return await renderFirstScreen({ config, ...client, shareCode: found.share_code, answers });
    } catch (error) {
      app.log.warn({ err: error }, 'the first screen of the page could not be rendered');
      return null;
    }
  }

  /** The page of a path as sent (`list`: the share's folder, and whether the visitor unlocked it). */
  async function buildPage(
    html: string,
    config: RuntimeConfig,
    pathname: string,
    client: FirstScreenClient,
    { opensOwnList = false, ...list }: PageListOptions & { opensOwnList?: boolean } = {},
    /** The invite page's query and browser language (null: another page). */
    invite: InviteRequest | null = null,
  ): Promise<{ page: BuiltPage; answers: ShareAnswersInPage | null }> {
    const [found, preview] = await Promise.all([
      shareAnswers(pathname, client.language, list),
      pagePreviewOf({
        pathname,
        publicOrigin: app.env.publicOrigin,
        productName: config.productName,
        linkPreviews: app.linkPreviews,
        onError: (error) => app.log.warn({ err: error }, 'the link preview of a page failed'),
      }),
    ]);
    const answers = found && 'info' in found ? found : null;
    const remote = await preloadHints(config, remoteOfPage(pathname), app.env.publicOrigin);
    // The page's remote's manifest comes with it: the federation runtime fetches nothing before it
    // loads the remote's files (REMOTE_MANIFESTS_ELEMENT_ID).
    const manifests: RemoteManifestsInPage | null = remote.manifest
      ? { [remote.manifest.url]: remote.manifest.json }
      : null;
    const script =
      jsonScriptElement(RUNTIME_CONFIG_ELEMENT_ID, config) +
      (found ? jsonScriptElement(SHARE_ANSWERS_ELEMENT_ID, found) : '') +
      (manifests ? jsonScriptElement(REMOTE_MANIFESTS_ELEMENT_ID, manifests) : '');
    const rendered = invite
      ? await inviteScreen(client, config, invite)
      : await firstScreen(client, config, found, { opensOwnList, pathname });
    const language = pageLanguageOf(client.language, rendered);
    // The page language's texts travel with it, ahead of the scripts that show them.
    const pageData = script + (await pageMessages(language, remote.folder));
    // The start-up's CSS travels in the page, not in requests of its own (start-up-css.ts).
    const css = await startUpCss(html, remote.styles);
    const variesByPlatform = rendered !== null && APP_CONTAINER.test(css.html);
    // Over a first screen only that screen travels before it: the page's data and the app's
    // start-up follow it, and no `Link` header sends scripts ahead (start-after-first-paint.ts).
    const start = variesByPlatform
      ? startAppAfterFirstPaint(css.html, remote.scripts, {
          // A share's screen without a list; the invite page's Join needs the app (not so).
          scriptsAtFirstPaint: !invite && !answers?.root_list,
        })
      : null;
    const shell = start?.html ?? css.html;
    const hints = start ? [] : [...shellStartUpScripts(shell), ...remote.scripts];
    const bodyTag = /<body[^>]*>/i.exec(shell);
    let injected = start
      ? shell
      : bodyTag
        ? shell.replace(bodyTag[0], () => `${bodyTag[0]}${pageData}`)
        : `${pageData}${shell}`;
    // After the shell's own scripts and hints, so those are requested first. Without a first
    // screen the start-up's CSS applies from the head: nothing paints before the app.
    // A visit that leaves before the shell has started sends its beacon too (after a first screen).
    const early = await leaveBeforeStartScript(app, config, pathname, answers);
    let headEnd = start ? '' : `${preloadTags(remote.scripts)}${css.styles}${early}`;
    // Over a first screen it follows the start-up's preloads, inert, so the screen's paint does
    // not wait for it and the scripts are requested first; the shell applies it as it starts.
    const inertStyles = css.styles
      ? `<template id="${START_UP_CSS_ELEMENT_ID}">${css.styles}</template>`
      : '';
    const afterFirstScreen = start ? `${early}${pageData}${start.startUp}${inertStyles}` : '';
    if (rendered && variesByPlatform) {
      headEnd += `<style ${FIRST_SCREEN_ATTRIBUTE}>${escapeStyle(rendered.css)}</style>`;
      // Taps on the first screen before the app runs are kept for it (its hash is in the CSP).
      headEnd += `<script>${KEEP_FIRST_SCREEN_TAPS_SCRIPT}</script>`;
      injected = injected.replace(
        APP_CONTAINER,
        () => `<div id="app">${rendered.html}</div>${localTimes(rendered.html)}${afterFirstScreen}`,
      );
    }
    injected = injected.includes('</head>')
      ? injected.replace('</head>', () => `${headEnd}</head>`)
      : `${headEnd}${injected}`;
    // The product's name is runtime configuration: the build's title is only a placeholder. It is
    // the title the app gives every page as it starts (services/page-title), and the home page's.
    injected = injected.replace(
      TITLE_ELEMENT,
      () => `<title>${escapeHtml(rendered?.title ?? config.productName)}</title>`,
    );
    // The page's language and direction, which the apps take from the page (the build's `<html>`
    // is English's): its first screen is painted in it and its layout mirrored for Arabic and
    // Hebrew before any script runs.
    injected = injected.replace(
      HTML_START_TAG,
      () => `<html lang="${language}" dir="${directionOf(language)}">`,
    );
    // Early in the head: a chat app's reader may stop after the first kilobytes of a page.
    injected = injected.includes('</title>')
      ? injected.replace('</title>', () => `</title>${preview.tagsIn(language)}`)
      : `${preview.tagsIn(language)}${injected}`;
    return {
      page: createBuiltPage(
        injected,
        hints.length > 0 ? preloadHeader(hints) : null,
        variesByPlatform,
        preview.status,
      ),
      answers,
    };
  }

  return buildPage;
}
