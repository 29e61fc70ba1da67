import { DEFAULT_LIST_QUERY, type ListQuery } from '../../state/share-store';
import {
  isDefaultListQuery,
  listQueryFields,
  listQueryFromSearch,
  normalizeFilter,
  writeListQuery,
} from './list-query';

const read = (search: string) => listQueryFromSearch(new URLSearchParams(search));
const written = (query: ListQuery, search = '') => {
  const params = new URLSearchParams(search);
  writeListQuery(params, query);
  return params.toString();
};

describe('listQueryFromSearch', () => {
  it('reads sort, order and q', () => {
    expect(read('sort=size&order=asc&q=photo')).toEqual({
      sort: 'size',
      order: 'asc',
      filter: 'photo',
    });
    expect(read('')).toEqual(DEFAULT_LIST_QUERY);
  });

  it("takes a sort's own order when the address names none", () => {
    expect(read('sort=size')).toEqual({ sort: 'size', order: 'desc', filter: '' });
    expect(read('sort=time')).toEqual({ sort: 'time', order: 'desc', filter: '' });
    expect(read('sort=name')).toEqual({ sort: 'name', order: 'asc', filter: '' });
    expect(read('order=desc')).toEqual({ sort: 'name', order: 'desc', filter: '' });
  });

  it('ignores values it cannot be', () => {
    expect(read('sort=date&order=up')).toEqual(DEFAULT_LIST_QUERY);
    expect(read('sort=SIZE&order=DESC')).toEqual(DEFAULT_LIST_QUERY);
    expect(read('sort=time&order=sideways')).toEqual({ sort: 'time', order: 'desc', filter: '' });
    expect(read('q=%20%20')).toEqual(DEFAULT_LIST_QUERY);
  });

  it('trims the filter and keeps it to 100 characters', () => {
    expect(read('q=%20beach%20').filter).toBe('beach');
    expect(read(`q=${'a'.repeat(150)}`).filter).toBe('a'.repeat(100));
    expect(read('q=50%25+off').filter).toBe('50% off');
  });
});

describe('writeListQuery', () => {
  it('writes only what differs from the default, and keeps the other parameters', () => {
    expect(written(DEFAULT_LIST_QUERY, 'folder=7')).toBe('folder=7');
    expect(written({ sort: 'size', order: 'desc', filter: '' })).toBe('sort=size');
    expect(written({ sort: 'size', order: 'asc', filter: '' })).toBe('sort=size&order=asc');
    expect(written({ sort: 'name', order: 'desc', filter: 'a b' }, 'folder=7')).toBe(
      'folder=7&sort=name&order=desc&q=a+b',
    );
  });

  it('replaces the query an address had, and drops a blank filter', () => {
    expect(written({ sort: 'name', order: 'asc', filter: '  ' }, 'sort=size&order=asc&q=x')).toBe(
      '',
    );
  });

  it('reads back what it wrote', () => {
    const queries: ListQuery[] = [
      DEFAULT_LIST_QUERY,
      { sort: 'time', order: 'asc', filter: '%_\\' },
      { sort: 'size', order: 'desc', filter: 'photo-0999' },
      { sort: 'name', order: 'desc', filter: '' },
    ];
    for (const query of queries) expect(read(written(query))).toEqual(query);
  });
});

describe('listQueryFields', () => {
  it('adds nothing to a request for the default query', () => {
    expect(listQueryFields(DEFAULT_LIST_QUERY)).toEqual({});
    expect(isDefaultListQuery({ ...DEFAULT_LIST_QUERY })).toBe(true);
  });

  it('sends the sort with its order, and the trimmed filter', () => {
    expect(listQueryFields({ sort: 'size', order: 'desc', filter: '' })).toEqual({
      sort: 'size',
      order: 'desc',
    });
    expect(listQueryFields({ sort: 'name', order: 'asc', filter: ' 0999 ' })).toEqual({
      name_filter: '0999',
    });
  });
});

describe('normalizeFilter', () => {
  it('trims, and counts characters, not UTF-16 units', () => {
    expect(normalizeFilter('\t beach \n')).toBe('beach');
    expect(Array.from(normalizeFilter('😀'.repeat(120)))).toHaveLength(100);
    expect(normalizeFilter(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
  });
});
