import {
  DEFAULT_SAVE_FOLDER_ID,
  IdentityType,
  ResponseCode,
  ShareType,
  type FolderPathEntry,
  type HostServices,
  type SaveFileResult,
  type Translate,
} from 'shared-contracts';
import type { TextKey } from '../../lib/texts';
import { reloadPage } from '../../lib/reload';
import { RELOAD_AFTER_FAILED_SAVE_MS } from 'shared-contracts';

/** What the save flow needs from the page (docs/product.md, "Saving"). */
export interface SaveContext {
  host: HostServices;
  t: Translate<TextKey>;
  shareId: number;
  /** The share's code: calls by share id carry its link's code too. */
  shareCode: string;
  shareType: number;
  shareUserId: number;
  extractCode: string;
  checkedIds(): number[];
  /** The chosen destination; null when none is chosen. */
  saveFolder(): FolderPathEntry | null;
  setSaving(saving: boolean): void;
  /** PC: the save-folder dialog (it saves on Confirm). */
  openPcDialog(fileId?: number): void;
  /** Mobile: the folder picker; after login it saves on Confirm. */
  openPicker(options: { saveAfterConfirm: boolean }): void;
  onSaved(result: SaveFileResult): void;
}

function isPc(host: HostServices) {
  return host.platform.platform === 'other';
}

/** The save button (or a single file's save): login, the PC dialog, or the save itself. */
export async function startSave(ctx: SaveContext, fileId?: number): Promise<void> {
  const { host } = ctx;
  host.events.report('button_share_save', fileId === undefined ? {} : { file_id: fileId });
  const user = host.session.state.user;
  if (fileId === undefined && ctx.checkedIds().length === 0) return;

  if (!user) {
    const outcome = await host.login.open(
      fileId === undefined ? { save: true } : { save: true, fileId: String(fileId) },
    );
    if (!outcome || !outcome.autoSave) return;
    const loggedIn = host.session.state.user;
    if (!loggedIn || loggedIn.user_id === ctx.shareUserId) return;
    if (outcome.fileId) {
      const id = Number(outcome.fileId);
      if (Number.isFinite(id)) await saveFiles(ctx, ctx.saveFolder(), id);
      return;
    }
    if (isPc(host)) ctx.openPcDialog();
    else ctx.openPicker({ saveAfterConfirm: true });
    return;
  }

  // The sharer cannot save their own files: the button does nothing.
  if (user.user_id === ctx.shareUserId) return;
  if (isPc(host) && ctx.shareType === ShareType.Public) {
    ctx.openPcDialog(fileId);
    return;
  }
  await saveFiles(ctx, ctx.saveFolder(), fileId);
}

/** Saves the file (or the checked files) into the folder and handles every answer. */
export async function saveFiles(
  ctx: SaveContext,
  folder: FolderPathEntry | null,
  fileId?: number,
): Promise<void> {
  const { host, t } = ctx;
  if (!folder) {
    host.toast.show(t('notSelect'));
    return;
  }
  const fileIds = fileId === undefined ? ctx.checkedIds() : [fileId];
  if (fileIds.length === 0) return;

  ctx.setSaving(true);
  host.toast.loading(t('savingPleaseWait'));
  try {
    const response = await host.api.call('/share/save_file', {
      share_id: ctx.shareId,
      share_code: ctx.shareCode,
      extract_code: ctx.extractCode,
      folder_id: folder.id,
      file_ids: fileIds,
    });
    if (response.code === ResponseCode.Success) {
      host.toast.hide();
      host.events.report('share_save_success', { count: fileIds.length });
      // The default folder is named in the page's language, as the pickers name it.
      const folderName = folder.id === DEFAULT_SAVE_FOLDER_ID ? t('fromShare') : undefined;
      const saved = response.data ?? {
        folder_id: folder.id,
        folder_name: folder.name,
        saved_count: fileIds.length,
      };
      ctx.onSaved(folderName ? { ...saved, folder_name: folderName } : saved);
      return;
    }
    host.events.report('share_save_fail', { code: response.code });
    if (response.code === ResponseCode.StorageFull) {
      host.toast.hide();
      const identity = host.session.state.user?.user_identity.identity_type;
      if (identity === IdentityType.Vip) host.toast.show(t('insufficientSpace'));
      else host.upgradeSheet.open();
      return;
    }
    // The API client has shown the server's message already.
    window.setTimeout(reloadPage, RELOAD_AFTER_FAILED_SAVE_MS);
  } catch (error) {
    // Transport failure: the API client toasted it; a failed save is swallowed here.
    host.events.report('share_save_fail', {
      error_message: error instanceof Error ? error.message : 'unknown',
    });
  } finally {
    ctx.setSaving(false);
  }
}
