import { ShareStatus, ShareType } from '../entities';
import type { ShareAnswersInPage } from './pages';
import { pageKindOf } from './page-kind';

const answers = (status: ShareStatus, type: ShareType): ShareAnswersInPage => ({
  share_code: 'demo-public',
  info: {
    id: 1,
    share_code: 'demo-public',
    share_name: 'Holiday',
    file_count: 8,
    total_size: 36_909_875,
    share_type: type,
    status,
    user_info: { id: 1, nick_name: 'Sam', avatar: '' },
    expiry_time: 0,
  },
  root_list: null,
});

describe('the page kind a visit landed on', () => {
  it('tells the list, the code screen and the status pages apart by the share answers', () => {
    expect(pageKindOf('/s/demo-public', answers(ShareStatus.Valid, ShareType.Public))).toBe(
      'share_list',
    );
    expect(pageKindOf('/s/demo-public', answers(ShareStatus.Valid, ShareType.Private))).toBe(
      'extract_code',
    );
    expect(pageKindOf('/s/demo-public', answers(ShareStatus.Canceled, ShareType.Public))).toBe(
      'status',
    );
  });

  it('counts an unknown share and /404 as status pages, the invite and home pages and others by address', () => {
    expect(pageKindOf('/s/no-such-share', null)).toBe('status');
    expect(pageKindOf('/s/other', answers(ShareStatus.Valid, ShareType.Public))).toBe('status');
    expect(pageKindOf('/404', null)).toBe('status');
    expect(pageKindOf('/invite', null)).toBe('invite');
    expect(pageKindOf('/', null)).toBe('home');
    expect(pageKindOf('/index.html', null)).toBe('home');
    expect(pageKindOf('/some/unknown/page', null)).toBe('other');
  });
});
