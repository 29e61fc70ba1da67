import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SharedItemState } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { DetailsPanel } from './details-panel';

const photo: SharedItemState = {
  ...item({
    name: 'beach.jpg',
    media_type: 1,
    total_size: 24_576,
    download_url: 'https://cdn.example.com/beach.jpg',
  }),
  check: false,
};

/** The images the panel measures: each loads when told, with the size given. */
const images: { src: string; load(width: number, height: number): void }[] = [];
class TestImage {
  decoding = '';
  naturalWidth = 0;
  naturalHeight = 0;
  onload: (() => void) | null = null;
  set src(value: string) {
    images.push({
      src: value,
      load: (width, height) => {
        this.naturalWidth = width;
        this.naturalHeight = height;
        this.onload?.();
      },
    });
  }
}
const realImage = window.Image;
beforeEach(() => {
  images.length = 0;
  window.Image = TestImage as unknown as typeof Image;
});
afterEach(() => {
  window.Image = realImage;
});

/** A row's details button, as the list has it, and the panel it opens. */
function Harness({ onOpenItem }: { onOpenItem(item: SharedItemState): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Details of beach.jpg
      </button>
      <DetailsPanel
        open={open}
        item={photo}
        location={['Nimbus Sharing', 'Photos', 'Summer']}
        onOpenItem={onOpenItem}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('the details panel', () => {
  it('says what the item is and where, measures an image, and gives the focus back', async () => {
    const { host } = createFakeHost();
    renderWithHost(host, <Harness onOpenItem={jest.fn()} />);
    const opener = screen.getByRole('button', { name: 'Details of beach.jpg' });
    await userEvent.click(opener);
    const panel = screen.getByRole('dialog', { name: 'Details of beach.jpg' });
    const terms = within(panel)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Type', 'Size', 'Modified', 'Location']);
    expect(within(panel).getByText('Image')).toBeInTheDocument();
    expect(within(panel).getByText('24 KB')).toBeInTheDocument();
    const path = within(panel).getByRole('list');
    expect(
      within(path)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual(['Nimbus Sharing', 'Photos', 'Summer']);
    // The image's own size, from the address the preview uses.
    expect(images.map((image) => image.src)).toEqual(['https://cdn.example.com/beach.jpg']);
    act(() => images[0]?.load(320, 240));
    expect(within(panel).getByText('320 × 240 px')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("opens the item from 'Open', closing first", async () => {
    const { host } = createFakeHost();
    const onOpenItem = jest.fn();
    renderWithHost(host, <Harness onOpenItem={onOpenItem} />);
    await userEvent.click(screen.getByRole('button', { name: 'Details of beach.jpg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(onOpenItem).toHaveBeenCalledWith(photo);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
