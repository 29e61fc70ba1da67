/**
 * The agents that fetch a link to draw its preview in a chat or a feed (not search engines).
 * They get the same page as a browser; only the operators' counts tell them apart.
 */
const LINK_PREVIEW_AGENTS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['facebook', /facebookexternalhit|facebookcatalog|meta-externalagent/i],
  ['twitter', /Twitterbot/i],
  ['slack', /Slackbot-LinkExpanding|Slack-ImgProxy/i],
  ['whatsapp', /WhatsApp/i],
  ['telegram', /TelegramBot/i],
  ['discord', /Discordbot/i],
  ['linkedin', /LinkedInBot/i],
  // iMessage's previews fetch as Applebot's link-preview agent, or as Facebook's when asked to.
  ['apple', /Applebot/i],
];

/** The link-preview service a user agent belongs to; null for a browser or anything else. */
export function linkPreviewAgentOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  for (const [name, pattern] of LINK_PREVIEW_AGENTS) {
    if (pattern.test(userAgent)) return name;
  }
  return null;
}

/** The robots.txt user-agent tokens of those agents (what each one reads its rules by). */
export const LINK_PREVIEW_ROBOTS_TOKENS = [
  'facebookexternalhit',
  'Twitterbot',
  'Slackbot-LinkExpanding',
  'WhatsApp',
  'TelegramBot',
  'Discordbot',
  'LinkedInBot',
  'Applebot',
] as const;
