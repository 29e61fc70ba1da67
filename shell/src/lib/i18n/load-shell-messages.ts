import type { Messages, SiteLanguage } from 'shared-contracts';

/**
 * Fetches the shell's compiled catalog of the page's language: a chunk of its own,
 * `messages-{language}.{hash}.js`, which the server preloads with the page. Null for English,
 * which comes with the start-up (shell-texts.ts). Apart from shell-texts.ts so the entry chunk
 * can start the request (start-up/start-page.ts) without carrying the translator.
 */
export async function loadShellMessages(language: SiteLanguage): Promise<Messages | null> {
  if (language === 'en') return null;
  const catalog: { messages: Messages } = await import(
    /* webpackChunkName: "messages-[request]", webpackInclude: /\.ts$/, webpackExclude: /(en|index)\.ts$/ */
    `../../locales/${language}`
  );
  return catalog.messages;
}
