import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { DEFAULT_LIST_QUERY } from '../../../state/share-store';
import { renderWithHost } from '../../../testing/render';
import { FILTER_DEBOUNCE_MS, ListToolbar } from './list-toolbar';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe("the toolbar's 'Search the whole share'", () => {
  it('shows while text is typed and hands the trimmed text over, not to the filter', async () => {
    const onChange = jest.fn();
    const onSearchShare = jest.fn();
    const { host } = createFakeHost();
    renderWithHost(
      host,
      <ListToolbar query={DEFAULT_LIST_QUERY} onChange={onChange} onSearchShare={onSearchShare} />,
    );
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    expect(screen.queryByRole('button', { name: 'Search the whole share' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), '  sunset ');
    await user.click(screen.getByRole('button', { name: 'Search the whole share' }));
    expect(onSearchShare).toHaveBeenCalledWith('sunset');
    jest.advanceTimersByTime(FILTER_DEBOUNCE_MS * 2);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('is not there without a whole-share search to start', async () => {
    const { host } = createFakeHost();
    renderWithHost(host, <ListToolbar query={DEFAULT_LIST_QUERY} onChange={jest.fn()} />);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.type(screen.getByRole('searchbox', { name: 'Filter by name' }), 'sunset');
    expect(screen.queryByRole('button', { name: 'Search the whole share' })).toBeNull();
  });
});
