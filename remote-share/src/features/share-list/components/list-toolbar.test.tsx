import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createFakeHost } from 'shared-contracts/testing';
import { DEFAULT_LIST_QUERY, type ListQuery } from '../../../state/share-store';
import { renderWithHost } from '../../../testing/render';
import { FILTER_DEBOUNCE_MS, ListToolbar } from './list-toolbar';

function setup(query: ListQuery = DEFAULT_LIST_QUERY) {
  const onChange = jest.fn();
  const { host } = createFakeHost();
  const utils = renderWithHost(host, <ListToolbar query={query} onChange={onChange} />);
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  return { ...utils, host, onChange, user };
}

beforeEach(() => {
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

describe('ListToolbar', () => {
  it('names its controls and shows the listed query', () => {
    setup({ sort: 'size', order: 'desc', filter: 'beach' });
    expect(screen.getByRole('group', { name: 'Sort and filter' })).toBeInTheDocument();
    expect(screen.getByRole('search')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Filter by name' })).toHaveValue('beach');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveDisplayValue('Largest first');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Name A–Z',
      'Name Z–A',
      'Newest first',
      'Oldest first',
      'Largest first',
      'Smallest first',
    ]);
  });

  it('sorts by the chosen option, keeping the filter', async () => {
    const { onChange, user } = setup({ ...DEFAULT_LIST_QUERY, filter: 'beach' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Oldest first');
    expect(onChange).toHaveBeenCalledWith({ sort: 'time', order: 'asc', filter: 'beach' });
  });

  it('filters once typing pauses, with the trimmed text', async () => {
    const { onChange, user } = setup();
    const field = screen.getByRole('searchbox', { name: 'Filter by name' });
    await user.type(field, ' photo ');
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS - 1));
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_LIST_QUERY, filter: 'photo' });
  });

  it('filters at once on Enter, and asks nothing for spaces only', async () => {
    const { onChange, user } = setup();
    const field = screen.getByRole('searchbox', { name: 'Filter by name' });
    await user.type(field, '   ');
    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(onChange).not.toHaveBeenCalled();
    await user.type(field, 'x{Enter}');
    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_LIST_QUERY, filter: 'x' });
  });

  it('clears the filter on Escape, at once', async () => {
    const { onChange, user } = setup({ ...DEFAULT_LIST_QUERY, filter: 'beach' });
    const field = screen.getByRole('searchbox', { name: 'Filter by name' });
    await user.click(field);
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(onChange).toHaveBeenCalledWith(DEFAULT_LIST_QUERY);
    expect(field).toHaveFocus();
  });

  it('lets Escape through when there is nothing to clear', async () => {
    const { onChange, user } = setup();
    const outer = jest.fn();
    document.addEventListener('keydown', outer);
    await user.click(screen.getByRole('searchbox', { name: 'Filter by name' }));
    await user.keyboard('{Escape}');
    document.removeEventListener('keydown', outer);
    expect(outer).toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a filter the list dropped or an address brought', async () => {
    function Harness() {
      const [query, setQuery] = useState<ListQuery>({ ...DEFAULT_LIST_QUERY, filter: 'beach' });
      return (
        <>
          <ListToolbar query={query} onChange={setQuery} />
          <button type="button" onClick={() => setQuery({ ...query, filter: '' })}>
            Open another folder
          </button>
        </>
      );
    }
    const { host } = createFakeHost();
    renderWithHost(host, <Harness />);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const field = screen.getByRole('searchbox', { name: 'Filter by name' });
    await user.click(screen.getByRole('button', { name: 'Open another folder' }));
    expect(field).toHaveValue('');
    // Typed text that became the filter stays as typed.
    await user.type(field, 'sun ');
    act(() => jest.advanceTimersByTime(FILTER_DEBOUNCE_MS));
    expect(field).toHaveValue('sun ');
  });
});
