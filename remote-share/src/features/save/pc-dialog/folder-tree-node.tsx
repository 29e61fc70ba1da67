import { useEffect, useRef, type KeyboardEvent } from 'react';
import { FOLDER_NAME_MAX } from 'shared-contracts';
import { ChevronForwardIcon, FolderIcon } from '../../../components/ui/icons';
import { TypedName } from '../../../components/ui/name-in-text';
import { Spinner } from '../../../components/ui/spinner';
import { useTexts } from '../../../lib/host-context';
import { keyOf } from './folder-tree';

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

export interface TreeNodeProps {
  node: NodeView;
  depth: number;
  selectedKey: string;
  /** The node whose name button takes the focus (then `onFocused`). */
  focusKey: string | null;
  onFocused(): void;
  onSelect(key: string): void;
  onToggle(key: string): void;
  onRename(key: string, name: string): void;
  onCommit(key: string): void;
  /** Escape in the new folder's input: the naming is dropped, the dialog stays. */
  onCancel(key: string): void;
  onBlurCommit(key: string): void;
}

/** A folder of the PC dialog's tree: expand toggle, name (or the new folder's input), children. */
export function TreeNode(props: TreeNodeProps) {
  const { node, depth, selectedKey, focusKey, onFocused, onSelect, onToggle } = props;
  const { onRename, onCommit, onCancel, onBlurCommit } = props;
  const t = useTexts();
  const key = keyOf(node);
  const nameButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (key !== focusKey || !nameButton.current) return;
    nameButton.current.focus();
    onFocused();
  }, [key, focusKey, onFocused]);
  const selected = key === selectedKey;
  // Every folder keeps its toggle, an empty one too once opened ('No subfolders' under it): a
  // toggle that went away under the focus would drop the focus to the page.
  const expandable = !node.tempId;
  const empty = node.complete && !node.loading && node.children.length === 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit(key);
    }
    if (event.key === 'Escape') {
      // Taken here: the dialog's Escape (on the document) leaves a handled key alone, as the
      // phone's create sheet closes only itself.
      event.preventDefault();
      onCancel(key);
    }
  };
  return (
    <li className="ns-tree__item">
      <div
        className={`ns-tree__row ${selected ? 'ns-tree__row--selected' : ''}`}
        style={{ paddingInlineStart: 8 + depth * 20 }}
      >
        {expandable ? (
          <button
            type="button"
            className={`ns-tree__toggle ${node.expend ? 'ns-tree__toggle--open' : ''}`}
            aria-expanded={node.expend}
            aria-label={
              node.expend
                ? t('collapseFolder', { name: node.name })
                : t('expandFolder', { name: node.name })
            }
            onClick={() => onToggle(key)}
          >
            <ChevronForwardIcon size={14} />
          </button>
        ) : (
          <span className="ns-tree__toggle-space" />
        )}
        <FolderIcon type={node.folder_type} size={24} />
        {node.edit ? (
          <input
            className="ns-tree__input"
            // A name reads in its own direction, whatever the page's.
            dir="auto"
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
            ref={nameButton}
            type="button"
            className="ns-tree__name"
            aria-pressed={selected}
            onClick={() => onSelect(key)}
          >
            <TypedName name={node.name} />
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
          {empty ? (
            <li className="ns-tree__empty" style={{ paddingInlineStart: 36 + (depth + 1) * 20 }}>
              {t('noSubfolders')}
            </li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
