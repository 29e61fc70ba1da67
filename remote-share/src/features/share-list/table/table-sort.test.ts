import { ariaSortOf, queryForColumn } from './table-sort';

describe('the table columns’ sort', () => {
  const byNewest = { sort: 'time', order: 'desc', filter: 'x' } as const;

  it('says the sorted column and its direction, and none for the others', () => {
    expect(ariaSortOf(byNewest, 'time')).toBe('descending');
    expect(ariaSortOf({ ...byNewest, order: 'asc' }, 'time')).toBe('ascending');
    expect(ariaSortOf(byNewest, 'name')).toBe('none');
  });

  it('flips the sorted column and starts another in its usual order, keeping the filter', () => {
    expect(queryForColumn(byNewest, 'time')).toEqual({ sort: 'time', order: 'asc', filter: 'x' });
    expect(queryForColumn(byNewest, 'name')).toEqual({ sort: 'name', order: 'asc', filter: 'x' });
    expect(queryForColumn(byNewest, 'size')).toEqual({ sort: 'size', order: 'desc', filter: 'x' });
  });
});
