import { IdentityType } from 'shared-contracts';

/** What the development identity provider's tokens say they are from and for. */
export const DEV_IDENTITY_ISSUER = 'nimbus-development-idp';
export const DEV_IDENTITY_AUDIENCE = 'nimbus-share';

const GB = 1024 ** 3;
const TB = 1024 ** 4;

export interface DemoAccount {
  key: 'sam' | 'carol' | 'alice' | 'bob' | 'layla';
  name: string;
  email: string;
  identityType: IdentityType;
  maxStorage: number;
  usedStorage: number;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'sam',
    name: 'Sam',
    email: 'sam@example.com',
    identityType: IdentityType.Free,
    maxStorage: 2 * TB,
    usedStorage: 3 * GB,
  },
  {
    key: 'carol',
    name: 'Carol',
    email: 'carol@example.com',
    identityType: IdentityType.Free,
    maxStorage: 100 * GB,
    usedStorage: 1 * GB,
  },
  {
    key: 'alice',
    name: 'Alice',
    email: 'alice@example.com',
    identityType: IdentityType.Free,
    maxStorage: 10 * GB,
    usedStorage: 10 * GB,
  },
  {
    key: 'bob',
    name: 'Bob',
    email: 'bob@example.com',
    identityType: IdentityType.Vip,
    maxStorage: 2 * TB,
    usedStorage: 2 * TB,
  },
];

/**
 * demo-world's sharer (issue 48): a name in Arabic, so the share page and its link card draw a
 * right-to-left name and its initial. Not one of the accounts the development identity provider
 * offers (DEMO_ACCOUNTS), and without a picture: the page and the card show her initial.
 */
export const DEMO_WORLD_SHARER: DemoAccount = {
  key: 'layla',
  name: 'ليلى حداد',
  email: 'layla@example.com',
  identityType: IdentityType.Free,
  maxStorage: 100 * GB,
  usedStorage: 1 * GB,
};

export const DEMO_COMMUNITY_ACCOUNTS = [
  { id: 'discord-100001', displayName: 'nimbus_fan' },
  { id: 'discord-100002', displayName: 'cloud_lover' },
  { id: 'discord-100003', displayName: 'night_owl' },
] as const;

/** The row of a demo account: a year of VIP for the VIP, the plans' offline file sizes. */
export function demoUserValues(account: DemoAccount, time: number) {
  return {
    externalId: `${DEV_IDENTITY_ISSUER}|${account.email}`,
    email: account.email,
    nickName: account.name,
    // media/avatars holds the sign-in accounts' pictures; demo-world's sharer has none.
    avatar: account.key === 'layla' ? '' : `avatars/${account.key}.svg`,
    identityType: account.identityType,
    vipExpiryTime: account.identityType === IdentityType.Vip ? time + 365 * 86400 : 0,
    maxStorage: account.maxStorage,
    usedStorage: account.usedStorage,
    maxOfflineFileSize: account.identityType === IdentityType.Vip ? 20 * GB : 2 * GB,
  };
}
