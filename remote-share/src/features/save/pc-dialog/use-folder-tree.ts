import { useEffect, useRef, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import {
  BLUR_COMMIT_DELAY_MS,
  DEFAULT_SAVE_FOLDER_ID,
  FIRST_PAGE,
  ROOT_FOLDER_ID,
  validateFolderName,
  type CloudFolderNode,
  type FolderPathEntry,
} from 'shared-contracts';
import { createFolder, fetchFolderPage } from '../cloud-folders';
import { folderNameProblemIn } from '../folder-name-problem';
import { useHost, useTexts } from '../../../lib/host-context';
import { useLatest } from '../../../lib/use-latest';
import {
  findEditing,
  hasPending,
  keyOf,
  nodeOf,
  pathTo,
  removePending,
  rootNode,
} from './folder-tree';

interface TreeState {
  root: CloudFolderNode;
  selectedKey: string;
  /** The node whose name takes the focus next (the new folder's input it replaces is gone). */
  focusKey: string | null;
}

export interface SaveFolderDialogProps {
  open: boolean;
  /** The current destination; the default folder (-1) opens with the root selected. */
  initialFolder: FolderPathEntry;
  onClose(): void;
  onConfirm(folder: FolderPathEntry, path: FolderPathEntry[]): void;
}

let tempCounter = 0;

/**
 * The PC dialog's folder tree (docs/product.md, "Saving"): folders loaded when expanded, a new
 * folder named in place and created on Enter, Confirm or a click elsewhere (after the blur delay),
 * removed when left empty or when the dialog closes first.
 */
export function useFolderTree({ open, initialFolder, onClose, onConfirm }: SaveFolderDialogProps) {
  const host = useHost();
  const t = useTexts();
  const [tree] = useState(() =>
    proxy<TreeState>({
      root: rootNode(t('cloudFiles')),
      selectedKey: String(ROOT_FOLDER_ID),
      focusKey: null,
    }),
  );
  const snap = useSnapshot(tree);
  const commits = useRef(new Map<string, Promise<CloudFolderNode | null>>());
  const blurTimers = useRef(new Set<number>());

  const find = (key: string): CloudFolderNode | undefined => pathTo(tree.root, key).at(-1);

  const loadChildren = async (node: CloudFolderNode) => {
    if (node.loading || node.complete) return;
    node.loading = true;
    let page = FIRST_PAGE;
    for (;;) {
      const result = await fetchFolderPage(host, node.id, page);
      if (!result) break;
      const known = new Set(node.children.map((child) => child.id));
      node.children.push(...result.list.filter((f) => !known.has(f.id)).map(nodeOf));
      if (result.complete) break;
      page += 1;
    }
    node.complete = true;
    node.loading = false;
  };

  const opening = useLatest({ initialFolder, loadChildren });
  useEffect(() => {
    if (!open) return;
    const { initialFolder: folder, loadChildren: load } = opening.current;
    tree.root.expend = true;
    const known = pathTo(tree.root, String(folder.id)).length > 0;
    tree.selectedKey =
      folder.id === DEFAULT_SAVE_FOLDER_ID || !known ? String(ROOT_FOLDER_ID) : String(folder.id);
    void load(tree.root);
  }, [open, opening, tree]);

  const clearTimers = () => {
    for (const timer of blurTimers.current) window.clearTimeout(timer);
    blurTimers.current.clear();
  };
  useEffect(() => clearTimers, []);

  const close = () => {
    clearTimers();
    removePending(tree.root);
    if (!find(tree.selectedKey)) tree.selectedKey = String(ROOT_FOLDER_ID);
    onClose();
  };

  const toggle = (key: string) => {
    const node = find(key);
    if (!node) return;
    node.expend = !node.expend;
    if (node.expend) void loadChildren(node);
  };

  const commit = (tempId: string): Promise<CloudFolderNode | null> => {
    const pending = commits.current.get(tempId);
    if (pending) return pending;
    const run = (async () => {
      const path = pathTo(tree.root, tempId);
      const node = path.at(-1);
      const parent = path.at(-2);
      if (!node || !parent || !node.tempId) return null;
      const checked = validateFolderName(node.name);
      if (!checked.ok) {
        host.toast.show(folderNameProblemIn(checked.message, t));
        if (node.name.trim() === '') {
          parent.children = parent.children.filter((child) => child.tempId !== tempId);
          if (tree.selectedKey === tempId) tree.selectedKey = keyOf(parent);
        }
        return null;
      }
      const created = await createFolder(host, checked.value, parent.id);
      if (!created.ok || !find(tempId)) return null;
      host.toast.show(t('createdSuccessfully'));
      node.id = created.folder.id;
      node.name = created.folder.name;
      node.edit = false;
      node.complete = true;
      delete node.tempId;
      if (tree.selectedKey === tempId) tree.selectedKey = String(node.id);
      return node;
    })().finally(() => commits.current.delete(tempId));
    commits.current.set(tempId, run);
    return run;
  };

  const addFolder = async () => {
    if (hasPending(tree.root)) return;
    const parent = find(tree.selectedKey) ?? tree.root;
    parent.expend = true;
    await loadChildren(parent);
    tempCounter += 1;
    const tempId = `new-${tempCounter}`;
    parent.children.unshift({
      ...nodeOf({
        id: -1000 - tempCounter,
        name: t('newFolderDefaultName'),
        parent_id: parent.id,
        update_time: 0,
        folder_type: 0,
        subfolder_num: 0,
      }),
      edit: true,
      complete: true,
      tempId,
    });
    tree.selectedKey = tempId;
  };

  const confirm = async () => {
    const editing = findEditing(tree.root);
    if (editing?.tempId) {
      const created = await commit(editing.tempId);
      if (!created) return;
    }
    const path = pathTo(tree.root, tree.selectedKey);
    const node = path.at(-1);
    if (!node || node.tempId) return;
    clearTimers();
    const entries = path.map((entry) => ({ id: entry.id, name: entry.name }));
    onConfirm(entries.at(-1) as FolderPathEntry, entries);
  };

  return {
    snap,
    selectedPath: pathTo(snap.root, snap.selectedKey),
    select: (key: string) => (tree.selectedKey = key),
    toggle,
    rename(key: string, name: string) {
      const node = find(key);
      if (node) node.name = name;
    },
    /** Enter in the new folder's input: the focus goes on to the folder, or to where it was made. */
    commit(key: string) {
      void commit(key).then((created) => {
        if (created) tree.focusKey = String(created.id);
        else if (!find(key)) tree.focusKey = tree.selectedKey;
      });
    },
    /**
     * Escape while naming a new folder: it is dropped (unless its creation is under way) and the
     * focus goes to the folder it was to be made in.
     */
    cancelNaming(key: string) {
      if (commits.current.has(key)) return;
      const path = pathTo(tree.root, key);
      const node = path.at(-1);
      const parent = path.at(-2);
      if (!node?.tempId || !parent) return;
      clearTimers();
      parent.children = parent.children.filter((child) => child.tempId !== key);
      if (tree.selectedKey === key) tree.selectedKey = keyOf(parent);
      tree.focusKey = keyOf(parent);
    },
    focused: () => (tree.focusKey = null),
    /** Commits the new folder's name a moment after its input loses the focus. */
    commitAfterBlur(key: string) {
      const timer = window.setTimeout(() => {
        blurTimers.current.delete(timer);
        void commit(key);
      }, BLUR_COMMIT_DELAY_MS);
      blurTimers.current.add(timer);
    },
    addFolder: () => void addFolder(),
    confirm: () => void confirm(),
    close,
  };
}
