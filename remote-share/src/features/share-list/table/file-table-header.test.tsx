import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createFakeHost } from 'shared-contracts/testing';
import { DEFAULT_LIST_QUERY, type ListQuery } from '../../../state/share-store';
import { renderWithHost } from '../../../testing/render';
import { FileTableHeader } from './file-table-header';

/** The header in a table, showing the query each click asks for, as the list does. */
function setup(initial: ListQuery = DEFAULT_LIST_QUERY) {
  const asked: ListQuery[] = [];
  function Table() {
    const [query, setQuery] = useState(initial);
    return (
      <div role="table" aria-label="Shared files">
        <FileTableHeader
          query={query}
          onSort={(next) => {
            asked.push(next);
            setQuery(next);
          }}
        />
      </div>
    );
  }
  const { host } = createFakeHost();
  renderWithHost(host, <Table />);
  return { asked, user: userEvent.setup() };
}

const header = (name: string) => screen.getByRole('columnheader', { name });
const sortsOf = () =>
  ['Name', 'Size', 'Modified'].map((name) => header(name).getAttribute('aria-sort'));

describe('FileTableHeader', () => {
  it('names its columns and says which one sorts the list, and which way', () => {
    setup({ sort: 'time', order: 'asc', filter: '' });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Size',
      'Modified',
    ]);
    expect(sortsOf()).toEqual(['none', 'none', 'ascending']);
  });

  it('sorts by a column in its usual order, and flips the sorted one', async () => {
    const { asked, user } = setup();
    expect(sortsOf()).toEqual(['ascending', 'none', 'none']);

    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(asked.at(-1)).toEqual({ sort: 'size', order: 'desc', filter: '' });
    expect(sortsOf()).toEqual(['none', 'descending', 'none']);

    await user.click(screen.getByRole('button', { name: 'Size' }));
    expect(asked.at(-1)).toEqual({ sort: 'size', order: 'asc', filter: '' });
    expect(sortsOf()).toEqual(['none', 'ascending', 'none']);

    await user.click(screen.getByRole('button', { name: 'Modified' }));
    expect(asked.at(-1)).toEqual({ sort: 'time', order: 'desc', filter: '' });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(asked.at(-1)).toEqual({ sort: 'name', order: 'asc', filter: '' });
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(sortsOf()).toEqual(['descending', 'none', 'none']);
  });

  it('keeps the filter, and sorts from the keyboard with Tab, Enter and Space', async () => {
    const { asked, user } = setup({ sort: 'name', order: 'asc', filter: 'beach' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Name' })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(asked.at(-1)).toEqual({ sort: 'size', order: 'desc', filter: 'beach' });
    await user.tab();
    await user.keyboard(' ');
    expect(asked.at(-1)).toEqual({ sort: 'time', order: 'desc', filter: 'beach' });
    expect(sortsOf()).toEqual(['none', 'none', 'descending']);
  });
});
