import type { UserInfo } from 'shared-contracts';

/** A signed-in visitor as `/user/info` answers: Carol, free, with room left in her cloud. */
export const CAROL: UserInfo = {
  user_id: 42,
  nick_name: 'Carol',
  avatar: '',
  user_storage: { max_storage: 10, available_storage: 5, max_offline_file_size: 1 },
  user_identity: { identity_type: 1, vip_expiry_time: 0 },
};
