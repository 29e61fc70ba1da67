import { ROOT_FOLDER_ID, type CloudFolder, type CloudFolderNode } from 'shared-contracts';

/** Key of a tree node: its temp id while pending, else its id. */
export function keyOf(node: Pick<CloudFolderNode, 'id' | 'tempId'>): string {
  return node.tempId ?? String(node.id);
}

export function nodeOf(folder: CloudFolder): CloudFolderNode {
  return { ...folder, children: [], expend: false, complete: false, edit: false, loading: false };
}

export function rootNode(name: string): CloudFolderNode {
  return nodeOf({
    id: ROOT_FOLDER_ID,
    name,
    parent_id: -2,
    update_time: 0,
    folder_type: 1,
    subfolder_num: 1,
  });
}

/** The nodes from the root down to the node with this key (empty when absent). */
export function pathTo<N extends { children: readonly N[]; id: number; tempId?: string }>(
  root: N,
  key: string,
): N[] {
  if (keyOf(root) === key) return [root];
  for (const child of root.children) {
    const below = pathTo(child, key);
    if (below.length > 0) return [root, ...below];
  }
  return [];
}

/** Removes every pending (not yet created) node below a node. */
export function removePending(node: CloudFolderNode): void {
  node.children = node.children.filter((child) => !child.tempId);
  for (const child of node.children) removePending(child);
}

export function hasPending(node: Pick<CloudFolderNode, 'children' | 'tempId'>): boolean {
  return Boolean(node.tempId) || node.children.some(hasPending);
}

/** The node being named (a new folder in edit mode), if any. */
export function findEditing(node: CloudFolderNode): CloudFolderNode | undefined {
  if (node.edit) return node;
  for (const child of node.children) {
    const found = findEditing(child);
    if (found) return found;
  }
  return undefined;
}
