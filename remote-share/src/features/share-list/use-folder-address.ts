import { useEffect } from 'react';
import type { HostServices } from 'shared-contracts';
import type { ShareStore } from '../../state/share-store';
import { showAddressedFolder } from './folder-address';

/**
 * The listed folder follows the page's address: the folder a link or a reload names shows when
 * the list does, and Back and Forward move between the folders the visitor opened.
 */
export function useFolderAddress(store: ShareStore, host: HostServices): void {
  useEffect(() => {
    void showAddressedFolder(store, host, host.address.query());
    return host.address.onPop((query) => void showAddressedFolder(store, host, query));
  }, [store, host]);
}
