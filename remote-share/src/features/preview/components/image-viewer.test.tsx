import { fireEvent, screen } from '@testing-library/react';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { ImageViewer } from './image-viewer';

const photo = item({
  id: 21,
  name: 'beach.jpg',
  media_type: 1,
  download_url: 'https://cdn.example.com/beach.jpg',
});

describe('the image viewer', () => {
  it('shows the image inline and reports success once it loads', () => {
    const { host, record } = createFakeHost();
    renderWithHost(host, <ImageViewer item={photo} />);
    const image = screen.getByRole('img', { name: 'beach.jpg' });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/beach.jpg');
    expect(image).toHaveClass('ns-preview-image__img');
    fireEvent.load(image);
    expect(record.events).toEqual([
      { name: 'share_preview_success', content: { file_id: 21, media_type: 1 } },
    ]);
  });

  it('shows the fallback image and reports an image error when loading fails', () => {
    const { host, record } = createFakeHost();
    renderWithHost(host, <ImageViewer item={photo} />);
    fireEvent.error(screen.getByRole('img', { name: 'beach.jpg' }));
    expect(screen.queryByRole('img', { name: 'beach.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The image could not be loaded' })).toBeInTheDocument();
    expect(record.events).toEqual([
      {
        name: 'share_preview_fail',
        content: { file_id: 21, media_type: 1, error_message: 'image error' },
      },
    ]);
    expect(record.toasts).toEqual([]);
  });

  it('never puts a non-http(s) URL into src: the fallback shows instead', () => {
    const { host, record } = createFakeHost();
    renderWithHost(host, <ImageViewer item={{ ...photo, download_url: 'javascript:alert(1)' }} />);
    expect(screen.queryByRole('img', { name: 'beach.jpg' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'The image could not be loaded' })).toBeInTheDocument();
    expect(record.events.map((event) => event.content?.error_message)).toEqual(['image error']);
  });
});
