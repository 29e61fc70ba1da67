import { createShareStore } from '../state/share-store';
import { shareInfo } from '../testing/fixtures';
import { pageScreenOf, startOnPageScreen } from './page-screen';

describe('the screen a share page opens on from what the page said', () => {
  it('is the status view of a closed share, or of a code that names no share', () => {
    expect(pageScreenOf('not-found', false)).toEqual({ phase: 'status', statusKind: 'not-found' });
    expect(pageScreenOf(shareInfo({ status: 2 }), false)).toEqual({
      phase: 'status',
      statusKind: 'canceled',
    });
    expect(pageScreenOf(shareInfo({ status: 3, share_type: 2 }), false)).toEqual({
      phase: 'status',
      statusKind: 'expired',
    });
    expect(pageScreenOf(shareInfo({ status: 4 }), true)).toEqual({
      phase: 'status',
      statusKind: 'deleted',
    });
  });

  it("is a protected share's code prompt, unless this tab unlocked it before", () => {
    expect(pageScreenOf(shareInfo({ share_type: 2 }), false)).toEqual({ phase: 'code' });
    expect(pageScreenOf(shareInfo({ share_type: 2 }), true)).toBeNull();
  });

  it('is none for an open public share (its list loads) or when the page said nothing', () => {
    expect(pageScreenOf(shareInfo({ share_type: 1 }), false)).toBeNull();
    expect(pageScreenOf(null, false)).toBeNull();
  });

  it("starts a fresh store on it, with the share's info", () => {
    const locked = shareInfo({ share_type: 2 });
    const store = createShareStore('https://nimbus.test/s/demo-private');
    startOnPageScreen(store, locked, false);
    expect(store.phase).toBe('code');
    expect(store.info).toEqual(locked);

    const missing = createShareStore('https://nimbus.test/s/nope');
    startOnPageScreen(missing, 'not-found', false);
    expect(missing).toMatchObject({ phase: 'status', statusKind: 'not-found', info: null });

    const open = createShareStore('https://nimbus.test/s/demo-public');
    startOnPageScreen(open, shareInfo(), false);
    expect(open.phase).toBe('loading');
  });
});
