import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { proxy, useSnapshot } from 'valtio';
import {
  BLUR_COMMIT_DELAY_MS,
  DEFAULT_NEW_FOLDER_NAME,
  DEFAULT_SAVE_FOLDER_ID,
  FIRST_PAGE,
  FOLDER_NAME_MAX,
  ROOT_FOLDER_ID,
  validateFolderName,
  type CloudFolderNode,
  type FolderPathEntry,
} from 'shared-contracts';
import { ChevronRightIcon, FolderIcon, PlusIcon } from '../../components/ui/icons';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { createFolder, fetchFolderPage } from '../../lib/folders';
import { useHost, useT } from '../../lib/host-context';
import { useLatest } from '../../lib/use-latest';
import { hasPending, keyOf, nodeOf, pathTo, removePending, rootNode } from './folder-tree';
import './save-folder-dialog.css';

interface TreeState {
  root: CloudFolderNode;
  selectedKey: string;
}

export interface SaveFolderDialogProps {
  open: boolean;
  /** The current destination; the default folder (-1) opens with the root selected. */
  initialFolder: FolderPathEntry;
  onClose(): void;
  onConfirm(folder: FolderPathEntry, path: FolderPathEntry[]): void;
}

let tempCounter = 0;

/** The PC 'Save to' dialog: breadcrumb, lazily expanding folder tree, Create folder. */
export function SaveFolderDialog({
  open,
  initialFolder,
  onClose,
  onConfirm,
}: SaveFolderDialogProps) {
  const host = useHost();
  const t = useT();
  const [tree] = useState(() =>
    proxy<TreeState>({ root: rootNode(t('cloudFiles')), selectedKey: String(ROOT_FOLDER_ID) }),
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
        host.toast.show(checked.message);
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
        name: DEFAULT_NEW_FOLDER_NAME,
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

  const selectedPath = pathTo(snap.root, snap.selectedKey);

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('saveTo')}
      closeLabel={t('close')}
      className="ns-save-dialog"
      footer={
        <>
          <button
            type="button"
            className="ns-button ns-button--ghost"
            onClick={() => void addFolder()}
          >
            <PlusIcon />
            {t('createFolder')}
          </button>
          <span className="ns-save-dialog__spacer" />
          <button type="button" className="ns-button ns-button--secondary" onClick={close}>
            {t('cancel')}
          </button>
          <button
            type="button"
            className="ns-button ns-button--primary"
            onClick={() => void confirm()}
          >
            {t('confirm')}
          </button>
        </>
      }
    >
      <nav className="ns-save-dialog__crumbs" aria-label={t('currentLocation')}>
        <ol>
          {selectedPath.map((node, index) => (
            <li key={keyOf(node)}>
              {index > 0 ? <ChevronRightIcon size={14} /> : null}
              {index === selectedPath.length - 1 ? (
                <span aria-current="location">{node.name}</span>
              ) : (
                <button
                  type="button"
                  className="ns-link-button"
                  onClick={() => (tree.selectedKey = keyOf(node))}
                >
                  {node.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <ul className="ns-tree" aria-label={t('folderTree')}>
        <TreeNode
          node={snap.root}
          depth={0}
          selectedKey={snap.selectedKey}
          onSelect={(key) => (tree.selectedKey = key)}
          onToggle={toggle}
          onRename={(key, name) => {
            const node = find(key);
            if (node) node.name = name;
          }}
          onCommit={(key) => void commit(key)}
          onBlurCommit={(key) => {
            const timer = window.setTimeout(() => {
              blurTimers.current.delete(timer);
              void commit(key);
            }, BLUR_COMMIT_DELAY_MS);
            blurTimers.current.add(timer);
          }}
        />
      </ul>
    </Modal>
  );
}

function findEditing(node: CloudFolderNode): CloudFolderNode | undefined {
  if (node.edit) return node;
  for (const child of node.children) {
    const found = findEditing(child);
    if (found) return found;
  }
  return undefined;
}

/** A tree node as rendered (a snapshot: read-only all the way down). */
interface NodeView {
  readonly id: number;
  readonly name: string;
  readonly tempId?: string;
  readonly folder_type: number;
  readonly subfolder_num: number;
  readonly expend: boolean;
  readonly complete: boolean;
  readonly edit: boolean;
  readonly loading: boolean;
  readonly children: readonly NodeView[];
}

interface TreeNodeProps {
  node: NodeView;
  depth: number;
  selectedKey: string;
  onSelect(key: string): void;
  onToggle(key: string): void;
  onRename(key: string, name: string): void;
  onCommit(key: string): void;
  onBlurCommit(key: string): void;
}

function TreeNode(props: TreeNodeProps) {
  const { node, depth, selectedKey, onSelect, onToggle, onRename, onCommit, onBlurCommit } = props;
  const t = useT();
  const key = keyOf(node);
  const selected = key === selectedKey;
  const expandable =
    !node.tempId && (node.subfolder_num > 0 || node.children.length > 0 || !node.complete);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit(key);
    }
  };
  return (
    <li className="ns-tree__item">
      <div
        className={`ns-tree__row ${selected ? 'ns-tree__row--selected' : ''}`}
        style={{ paddingLeft: 8 + depth * 20 }}
      >
        {expandable ? (
          <button
            type="button"
            className={`ns-tree__toggle ${node.expend ? 'ns-tree__toggle--open' : ''}`}
            aria-expanded={node.expend}
            aria-label={t(node.expend ? 'collapseFolder' : 'expandFolder', { name: node.name })}
            onClick={() => onToggle(key)}
          >
            <ChevronRightIcon size={14} />
          </button>
        ) : (
          <span className="ns-tree__toggle-space" />
        )}
        <FolderIcon type={node.folder_type} size={24} />
        {node.edit ? (
          <input
            className="ns-tree__input"
            aria-label={t('newFolderName')}
            value={node.name}
            maxLength={FOLDER_NAME_MAX}
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) => onRename(key, event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => onBlurCommit(key)}
          />
        ) : (
          <button
            type="button"
            className="ns-tree__name"
            aria-pressed={selected}
            onClick={() => onSelect(key)}
          >
            {node.name}
          </button>
        )}
      </div>
      {node.expend ? (
        <ul className="ns-tree__children">
          {node.children.map((child) => (
            <TreeNode key={keyOf(child)} {...props} node={child} depth={depth + 1} />
          ))}
          {node.loading ? (
            <li>
              <Spinner label={t('loading')} />
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
