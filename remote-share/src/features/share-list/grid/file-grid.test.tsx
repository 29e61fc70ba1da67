import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SharedItemState } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item, stubWindowScroll } from '../../../testing/fixtures';
import { checkLongPress, firePointer } from '../../../testing/pointer';
import { renderWithHost } from '../../../testing/render';
import { LONG_PRESS_MS } from '../components/use-long-press';
import { FileGrid } from './file-grid';

beforeAll(stubWindowScroll);

const tiles = (count: number): SharedItemState[] =>
  Array.from({ length: count }, (_, index) => ({
    ...item({
      id: index + 1,
      name: `photo-${index + 1}.jpg`,
      media_type: 1,
      grid_thumb_url: `https://media.example.com/thumb/${index + 1}/256.webp`,
      grid_thumb_url_2x: `https://media.example.com/thumb/${index + 1}/512.webp`,
    }),
    check: false,
  }));

function gridOf(items: readonly SharedItemState[]) {
  const handlers = { onOpen: jest.fn(), onDetails: jest.fn(), onToggle: jest.fn() };
  const { host } = createFakeHost();
  renderWithHost(host, <FileGrid items={items} {...handlers} />);
  return handlers;
}

describe('FileGrid', () => {
  it('shows thumbnails with their size and name, and type icons for the rest', () => {
    const pdf = { ...item({ id: 50, name: 'guide.pdf', media_type: 4 }), check: false };
    gridOf([...tiles(14), pdf]);
    const grid = screen.getByRole('grid', { name: 'Shared files' });
    const image = within(grid).getByRole('img', { name: 'photo-1.jpg' });
    expect(image).toHaveAttribute('width', '256');
    expect(image).toHaveAttribute('height', '256');
    // The first screen's thumbnails at once (the page's largest paint); those past it when near.
    expect(image).toHaveAttribute('loading', 'eager');
    expect(within(grid).getByRole('img', { name: 'photo-14.jpg' })).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(image).toHaveAttribute('decoding', 'async');
    expect(image.getAttribute('srcset')).toContain('512.webp 2x');
    expect(within(grid).getByRole('button', { name: 'guide.pdf' })).toBeInTheDocument();
    expect(within(grid).queryByRole('img', { name: 'guide.pdf' })).not.toBeInTheDocument();
    expect(within(grid).getAllByRole('gridcell')).toHaveLength(15);
  });

  it("selects a tile on a finger's long press without opening it; a tap still opens", () => {
    jest.useFakeTimers();
    try {
      const { onOpen, onToggle, onDetails } = gridOf(tiles(3));
      checkLongPress(screen.getByRole('button', { name: 'photo-2.jpg' }), 2, { onOpen, onToggle });

      // A long press on the details button selects too, and opens no details.
      const info = screen.getByRole('button', { name: 'Details of photo-3.jpg' });
      firePointer(info, 'pointerDown', { pointerType: 'touch', clientX: 10, clientY: 10 });
      act(() => jest.advanceTimersByTime(LONG_PRESS_MS));
      expect(onToggle).toHaveBeenLastCalledWith(3, false);
      fireEvent.click(info);
      expect(onDetails).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('falls back to the type icon when a thumbnail fails', () => {
    gridOf(tiles(1));
    fireEvent.error(screen.getByRole('img', { name: 'photo-1.jpg' }));
    expect(screen.queryByRole('img', { name: 'photo-1.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'photo-1.jpg' })).toBeInTheDocument();
  });

  it('renders only the rows on screen for 10,000 files', async () => {
    gridOf(tiles(10_000));
    await waitFor(() => expect(screen.getAllByRole('row').length).toBeLessThan(20));
    expect(screen.queryByRole('button', { name: 'photo-10000.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '5000');
  });

  it('moves the focus with the arrow keys, Home and End, one tile a Tab stop', async () => {
    const user = userEvent.setup();
    // jsdom lays nothing out: the grid is 2 columns.
    gridOf(tiles(7));
    await user.tab();
    expect(screen.getByRole('button', { name: 'photo-1.jpg' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'photo-2.jpg' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'photo-4.jpg' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'photo-3.jpg' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'photo-7.jpg' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'photo-1.jpg' })).toHaveFocus();
    // Tab reaches the focused tile's details and check box, then leaves the grid: the other
    // tiles and their buttons are not Tab stops.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Details of photo-1.jpg' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Select photo-1.jpg' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('grid')).not.toContainElement(document.activeElement as HTMLElement);
    // The keys moved the Tab stop: the details of the tile they moved to.
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'photo-1.jpg' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Details of photo-2.jpg' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Details of photo-1.jpg' })).toHaveAttribute(
      'tabindex',
      '-1',
    );
  });

  it('opens a tile on click or Enter and selects it with Space or its check box', async () => {
    const user = userEvent.setup();
    const handlers = gridOf(tiles(3));
    await user.click(screen.getByRole('button', { name: 'photo-2.jpg' }));
    expect(handlers.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    await user.keyboard('{Enter}');
    expect(handlers.onOpen).toHaveBeenCalledTimes(2);
    await user.keyboard(' ');
    expect(handlers.onToggle).toHaveBeenCalledWith(2, false);
    expect(handlers.onOpen).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('checkbox', { name: 'Select photo-3.jpg' }));
    expect(handlers.onToggle).toHaveBeenCalledWith(3, false);
    await user.click(screen.getByRole('button', { name: 'Details of photo-1.jpg' }));
    expect(handlers.onDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });
});
