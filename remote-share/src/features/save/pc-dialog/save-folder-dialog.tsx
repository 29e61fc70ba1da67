import { ChevronForwardIcon, PlusIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { TypedName } from '../../../components/ui/name-in-text';
import { useTexts } from '../../../lib/host-context';
import { keyOf } from './folder-tree';
import { TreeNode } from './folder-tree-node';
import { useFolderTree, type SaveFolderDialogProps } from './use-folder-tree';
import './save-folder-dialog.css';

export type { SaveFolderDialogProps };

/** The PC 'Save to' dialog: breadcrumb, lazily expanding folder tree, Create folder. */
export function SaveFolderDialog(props: SaveFolderDialogProps) {
  const t = useTexts();
  const tree = useFolderTree(props);

  return (
    <Modal
      open={props.open}
      onClose={tree.close}
      title={t('saveTo')}
      closeLabel={t('close')}
      className="ns-save-dialog"
      footer={
        <>
          <button type="button" className="ns-button ns-button--ghost" onClick={tree.addFolder}>
            <PlusIcon />
            {t('createFolder')}
          </button>
          <span className="ns-save-dialog__spacer" />
          <button type="button" className="ns-button ns-button--secondary" onClick={tree.close}>
            {t('cancel')}
          </button>
          <button type="button" className="ns-button ns-button--primary" onClick={tree.confirm}>
            {t('confirm')}
          </button>
        </>
      }
    >
      <nav className="ns-save-dialog__crumbs" aria-label={t('currentLocation')}>
        <ol>
          {tree.selectedPath.map((node, index) => (
            <li key={keyOf(node)}>
              {index > 0 ? <ChevronForwardIcon size={14} /> : null}
              {index === tree.selectedPath.length - 1 ? (
                <span aria-current="location">
                  <TypedName name={node.name} />
                </span>
              ) : (
                <button
                  type="button"
                  className="ns-link-button"
                  onClick={() => tree.select(keyOf(node))}
                >
                  <TypedName name={node.name} />
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <ul className="ns-tree" aria-label={t('folderTree')}>
        <TreeNode
          node={tree.snap.root}
          depth={0}
          selectedKey={tree.snap.selectedKey}
          focusKey={tree.snap.focusKey}
          onFocused={tree.focused}
          onSelect={tree.select}
          onToggle={tree.toggle}
          onRename={tree.rename}
          onCommit={tree.commit}
          onCancel={tree.cancelNaming}
          onBlurCommit={tree.commitAfterBlur}
        />
      </ul>
    </Modal>
  );
}
