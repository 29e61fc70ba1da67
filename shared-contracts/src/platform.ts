/** Platform classes of spec section 1: PC is 'other'. */
export type Platform = 'android' | 'ios' | 'mobile' | 'other';

/** Deep link targets into the mobile app. */
export type DeepLinkTarget =
  | { path: 'default' }
  | { path: 'fromShare'; folderId: number; folderName: string }
  | { path: 'pay' };
