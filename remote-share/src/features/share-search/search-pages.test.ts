import type { ShareSearchItem } from 'shared-contracts';
import { hasMoreResults, NO_RESULTS, withPage } from './search-pages';

const item = (id: number): ShareSearchItem => ({
  id,
  name: `photo-${id}.jpg`,
  thumb_url: '',
  download_url: '',
  is_m3u8: 0,
  duration: 0,
  total_size: 1,
  create_time: 0,
  update_time: 0,
  media_type: 1,
  is_folder: 0,
  path: [],
});

describe('the pages of a search', () => {
  it('appends each page in order and keeps the total', () => {
    const first = withPage(NO_RESULTS, { file_list: [item(1), item(2)], total: 3 });
    expect(first.pages).toBe(1);
    expect(hasMoreResults(first, 2)).toBe(true);
    const second = withPage(first, { file_list: [item(2), item(3)], total: 3 });
    expect(second.items.map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(hasMoreResults(second, 2)).toBe(false);
  });

  it('stops asking when a page comes back empty', () => {
    const first = withPage(NO_RESULTS, { file_list: [item(1)], total: 5 });
    expect(hasMoreResults(withPage(first, { file_list: [], total: 5 }), 0)).toBe(false);
  });
});
