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
};

export type ShellTextKey = keyof typeof en;

/** English is complete; the spec's interface text is English (DECISIONS.md, Texts). */
export const SHELL_TEXTS: Dictionaries<ShellTextKey> = { en };

export const shellTranslator = (language: Language) => createTranslator(SHELL_TEXTS, language);
