import type { RuntimeConfig } from 'shared-contracts/page';
import { startFieldData } from './start-field-data';

/** The page's early beacon (LEAVE_BEFORE_START_SCRIPT), as the server writes its element. */
function earlyBeaconElement(): HTMLScriptElement {
  const element = document.createElement('script');
  element.setAttribute('data-field-page', 'share_list');
  document.head.append(element);
  return element;
}

const configWithRate = (sampleRate: number) => ({ fieldData: { sampleRate } }) as RuntimeConfig;

describe("the shell's start of field data", () => {
  it("takes the visit over from the page's early beacon, even outside the sample", () => {
    const early = earlyBeaconElement();
    expect(startFieldData(configWithRate(0), null)).toBeNull();
    expect(early.hasAttribute('data-field-taken')).toBe(true);
  });
});
