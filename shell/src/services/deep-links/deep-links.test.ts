import { proxy } from 'valtio';
import type { Platform } from 'shared-contracts';
import { appUrlOf, createDeepLinks, STORE_FALLBACK_MS } from './deep-links';

const app = {
  scheme: 'nimbus',
  androidStoreUrl: 'https://play.example.com/nimbus',
  iosStoreUrl: 'https://apps.example.com/nimbus',
};

function setup(platform: Platform) {
  const navigate = jest.fn();
  const openDownloadDialog = jest.fn();
  const links = createDeepLinks({
    config: { app },
    platform: proxy({ platform }),
    openDownloadDialog,
    navigate,
  });
  return { links, navigate, openDownloadDialog };
}

describe('deep links', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('builds app URLs for every target', () => {
    expect(appUrlOf('nimbus', { path: 'default' })).toBe('nimbus://default');
    expect(appUrlOf('nimbus', { path: 'pay' })).toBe('nimbus://pay');
    expect(
      appUrlOf('nimbus', { path: 'fromShare', folderId: 12, folderName: 'My files & more' }),
    ).toBe('nimbus://fromShare?folder_id=12&folder_name=My+files+%26+more');
    expect(setup('other').links.urlOf({ path: 'default' })).toBe('nimbus://default');
  });

  it("carries the page's share and folder to the app's default screen", () => {
    const share = (folderId: number | null) => ({ code: 'demo-public', folderId });
    expect(appUrlOf('nimbus', { path: 'default', share: share(null) })).toBe(
      'nimbus://default?share_code=demo-public',
    );
    expect(appUrlOf('nimbus', { path: 'default', share: share(7) })).toBe(
      'nimbus://default?share_code=demo-public&folder_id=7',
    );
  });

  it('on Android launches the app, then goes to the Android store if the page stays', () => {
    const { links, navigate } = setup('android');
    links.open({ path: 'default' });
    expect(navigate).toHaveBeenLastCalledWith('nimbus://default');
    jest.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(navigate).toHaveBeenLastCalledWith('https://play.example.com/nimbus');
  });

  it('on iOS falls back to the iOS store', () => {
    const { links, navigate } = setup('ios');
    links.open({ path: 'pay' });
    expect(navigate).toHaveBeenCalledWith('nimbus://pay');
    jest.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(navigate).toHaveBeenLastCalledWith('https://apps.example.com/nimbus');
  });

  it('stays put when the app took over (the page lost focus)', () => {
    const { links, navigate } = setup('android');
    links.open({ path: 'default' });
    window.dispatchEvent(new Event('blur'));
    jest.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('opens the download dialog on PC', () => {
    const { links, navigate, openDownloadDialog } = setup('other');
    links.open({ path: 'default' });
    expect(openDownloadDialog).toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('on a phone of unknown kind tries the app, then offers both stores', () => {
    const { links, navigate, openDownloadDialog } = setup('mobile');
    links.open({ path: 'fromShare', folderId: 3, folderName: 'From Share' });
    expect(navigate).toHaveBeenCalledWith('nimbus://fromShare?folder_id=3&folder_name=From+Share');
    jest.advanceTimersByTime(STORE_FALLBACK_MS);
    expect(openDownloadDialog).toHaveBeenCalled();
  });
});
