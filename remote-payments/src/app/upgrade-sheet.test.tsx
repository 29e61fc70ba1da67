import { CONTRACT_VERSION } from 'shared-contracts';
import { contractVersion } from './upgrade-sheet';
import { RELEASE } from './release';

describe('the exposed UpgradeSheet', () => {
  it('reports the contract version it was built with and has a release', () => {
    expect(contractVersion).toBe(CONTRACT_VERSION);
    expect(RELEASE).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
