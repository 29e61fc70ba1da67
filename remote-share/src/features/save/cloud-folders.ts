import {
  FIRST_PAGE,
  FOLDER_PAGE_SIZE,
  type CloudFolder,
  type HostServices,
} from 'shared-contracts';

export interface FolderPage {
  list: CloudFolder[];
  /** No page after this one. */
  complete: boolean;
}

/** One page of a cloud folder's subfolders (page size 50); null when the call failed. */
export async function fetchFolderPage(
  host: HostServices,
  parentId: number,
  page: number = FIRST_PAGE,
): Promise<FolderPage | null> {
  try {
    const response = await host.api.call('/file/folder/list', {
      parent_id: parentId,
      page: { current_page: page, page_size: FOLDER_PAGE_SIZE },
    });
    if (response.code !== 0 || !response.data) return null;
    const list = Array.isArray(response.data.list) ? response.data.list : [];
    const loaded = (page - 1) * FOLDER_PAGE_SIZE + list.length;
    const total = typeof response.data.total === 'number' ? response.data.total : loaded;
    return { list, complete: list.length < FOLDER_PAGE_SIZE || loaded >= total };
  } catch {
    return null;
  }
}

/** Creates a folder; resolves with it, or with the server's message when refused. */
export async function createFolder(
  host: HostServices,
  name: string,
  parentId: number,
): Promise<{ ok: true; folder: CloudFolder } | { ok: false; message: string }> {
  try {
    const response = await host.api.call('/file/folder/create', {
      folder_name: name,
      parent_id: parentId,
    });
    if (response.code !== 0 || !response.data) return { ok: false, message: response.msg };
    return {
      ok: true,
      folder: {
        id: response.data.id,
        name: response.data.name,
        parent_id: parentId,
        update_time: Math.floor(Date.now() / 1000),
        folder_type: 0,
        subfolder_num: 0,
      },
    };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : '' };
  }
}
