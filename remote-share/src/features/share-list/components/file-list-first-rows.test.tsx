import { screen } from '@testing-library/react';
import type { SharedItemState } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { FileList } from './file-list';

// The virtualizer's chunk has not arrived (it never does here): what a long list shows meanwhile.
jest.mock('./list-virtualizer', () => ({ __esModule: true, default: () => null }));

const rows = (count: number): SharedItemState[] =>
  Array.from({ length: count }, (_, index) => ({
    ...item({ id: index + 1, name: `photo-${index + 1}.jpg` }),
    check: false,
  }));

it("shows a long list's first 30 rows, busy, until its virtualizer has loaded", async () => {
  const { host } = createFakeHost();
  renderWithHost(
    host,
    <FileList
      items={rows(500)}
      loading={false}
      onOpen={jest.fn()}
      onDetails={jest.fn()}
      onToggle={jest.fn()}
    />,
  );
  const list = screen.getByRole('list', { name: 'Shared files' });
  expect(list).toHaveAttribute('aria-busy', 'true');
  // The page keeps the whole list's height, so it does not jump when the rest arrives.
  expect(list).toHaveStyle({ height: `${500 * 4.25}rem` });
  const shown = screen.getAllByRole('listitem');
  expect(shown).toHaveLength(30);
  expect(shown[29]).toHaveAttribute('aria-posinset', '30');
  expect(shown[29]).toHaveAttribute('aria-setsize', '500');
  expect(await screen.findByRole('button', { name: 'photo-30.jpg' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'photo-31.jpg' })).not.toBeInTheDocument();
});
