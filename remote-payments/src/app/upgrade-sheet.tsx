import { CONTRACT_VERSION, type UpgradeSheetProps } from 'shared-contracts';
import { UpgradeSheetDialog } from '../features/upgrade/components/upgrade-sheet-dialog';
import { RELEASE } from './release';
// ui-kit's palette, focus style and screen-reader-only class: each app brings them itself (this sheet may run under an older shell).
import 'ui-kit/src/theme/tokens.css';

export const contractVersion = CONTRACT_VERSION;
/** Loads the texts of the page's language before the shell's first render of the sheet. */
export { prepareTexts as prepare } from '../features/upgrade/texts';
/** The release the field data and the canary's verdict name this remote by. */
export const release = RELEASE;

/** The exposed module `./UpgradeSheet`: the paid-plan sheet the shell opens when storage runs out. */
export default function UpgradeSheet(props: UpgradeSheetProps) {
  return <UpgradeSheetDialog {...props} release={RELEASE} />;
}
