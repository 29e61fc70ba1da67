/**
 * The release of this remote, shown in the sheet's footer. The payments team bumps it on every
 * deploy; a rebuilt remote shows its new release in a running shell without a shell rebuild.
 */
export const RELEASE = '1.0.0';
