import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ROOT_FOLDER_ID, sharePageUrl, type SharePrefetch } from 'shared-contracts';
import { ExtractCodeScreen } from '../features/extract-code/extract-code-screen';
import { submitExtractCode } from '../features/extract-code/submit-extract-code';
import { addressListsPainted } from '../features/share-list/folder-address';
import { showCheckedRoot } from '../features/share-list/folder-pages';
import { StatusView } from '../features/status/status-view';
import { useHost } from '../lib/host-context';
import { readCachedList } from '../state/share-cache';
import { createShareStore } from '../state/share-store';
import { initShare } from './open-share';
import { startOnPageScreen } from './page-screen';
import { ShareListScreen } from './share-list-screen';
import './share-page.css';

/** The site's origin; empty in the server's render of the first screen, which has no window. */
const siteOrigin = () => (typeof window === 'undefined' ? '' : window.location.origin);

/**
 * The share viewer (docs/product.md, "The share viewer"): it looks the share up, then shows its
 * status view, the extract-code prompt or the file list. It starts on the answers the page carried,
 * when it did.
 */
export function SharePage({
  shareCode,
  sharePrefetch,
  extractCode,
}: {
  shareCode: string;
  sharePrefetch?: SharePrefetch | undefined;
  /** The code the share's link carried (ShareViewerProps.extractCode). */
  extractCode?: string | undefined;
}) {
  const host = useHost();
  const [store] = useState(() => {
    const url = sharePageUrl(siteOrigin(), shareCode);
    // The list the page carried (the root, or the folder its address names), unless the address
    // asks for another one (a folder's link the server did not list, a sort or a filter).
    const painted = sharePrefetch?.firstScreen?.(url) ?? null;
    const paintedFolder = painted?.folderPath?.at(-1)?.id ?? ROOT_FOLDER_ID;
    const listsPainted = addressListsPainted(host.address.query(), paintedFolder);
    const created = createShareStore(url, listsPainted ? painted : null);
    // A protected share's list the page painted (its unlock cookie): this tab's code, when it
    // has one, goes with its calls; without one the share API takes the cookie.
    if (created.phase === 'list') created.extractCode = readCachedList(url)?.extractCode ?? '';
    // A code screen or status view the page painted: the first render shows it, not a blank.
    const pageInfo = sharePrefetch?.pageInfo?.(url) ?? null;
    if (pageInfo !== null) startOnPageScreen(created, pageInfo, readCachedList(url) !== null);
    return created;
  });
  const snap = useSnapshot(store);
  // The screen the page opened on; a later one replaced it under the visitor and takes the focus.
  const firstScreen = useRef<typeof snap.phase | null>(null);
  if (snap.phase !== 'loading') firstScreen.current ??= snap.phase;
  const replacedAnother = firstScreen.current !== null && firstScreen.current !== snap.phase;

  useEffect(() => {
    let alive = true;
    void initShare(store, host, () => alive, sharePrefetch?.take(store.shareUrl) ?? null);
    return () => {
      alive = false;
    };
  }, [store, host, sharePrefetch]);

  const info = snap.info;
  if (snap.phase === 'loading') return <div className="ns-share-page ns-share-page--blank" />;
  if (snap.phase === 'status' || !info) return <StatusView kind={snap.statusKind} />;
  if (snap.phase === 'code') {
    return (
      <ExtractCodeScreen
        sharer={info.user_info}
        expiryTime={info.expiry_time}
        linkCode={extractCode}
        onSubmit={(code, proof) =>
          submitExtractCode(
            store,
            host,
            (first) => showCheckedRoot(store, host, first),
            code,
            proof,
          )
        }
      />
    );
  }
  return <ShareListScreen store={store} info={info} focusOnMount={replacedAnother} />;
}
