import { createTranslator, type Dictionaries, type Language } from 'shared-contracts';

/** The shell's own texts: the page frame, the download-app dialog, a remote that failed. */
const en = {
  openApp: 'Open App',
  home: '{productName} home',
  mainNavigation: 'Main',
  copyright: 'Copyright © 2025 {productName}',
  downloadApp: 'Download {productName} App',
  downloadLead: 'Scan a code with your phone to get the app.',
  androidStore: 'Android store',
  iosStore: 'iOS store',
  qrCodeFor: 'QR code for the {store}',
  getForAndroid: 'Get it for Android',
  getForIos: 'Get it for iOS',
  upgrade: 'Upgrade',
  remoteFailed: 'This part of the page could not be loaded.',
  retry: 'Retry',
  loading: 'Loading',
  startFailed: 'The page could not be loaded. Please try again later.',
  // The home page (features/home).
  homeTitle: 'Open files shared with you',
  homeLead:
    'Paste the share link you were sent, with its extract code if it came with one, to see the files on {productName}.',
  shareLinkLabel: 'Share link',
  shareLinkPlaceholder: 'https://…/s/abc123',
  openShareLink: 'Open',
  shareLinkMissing: 'Paste a share link first.',
  shareLinkInvalid: 'This is not a share link. A share link looks like https://…/s/abc123.',
};

export type ShellTextKey = keyof typeof en;

/**
 * English is complete; the product's interface text is English (docs/decisions/0022-languages.md).
 */
export const SHELL_TEXTS: Dictionaries<ShellTextKey> = { en };

export const shellTranslator = (language: Language) => createTranslator(SHELL_TEXTS, language);
