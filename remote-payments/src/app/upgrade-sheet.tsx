import { CONTRACT_VERSION, type UpgradeSheetProps } from 'shared-contracts';

export const contractVersion = CONTRACT_VERSION;

export default function UpgradeSheet({ open, onClose }: UpgradeSheetProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Insufficient cloud storage">
      <h2>Insufficient cloud storage</h2>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
