import { shareViewOf } from './share-view';

describe('shareViewOf', () => {
  it('takes exactly "grid" for the grid', () => {
    expect(shareViewOf('grid')).toBe('grid');
  });

  it('takes anything else for the list', () => {
    for (const value of ['list', 'Grid', ' grid', 'grid;', '', null, undefined]) {
      expect(shareViewOf(value)).toBe('list');
    }
  });
});
