import { item } from '../../../testing/fixtures';
import { isPreviewable, previewKindOf } from './preview-events';

describe('which viewer a file opens in', () => {
  it('opens images, videos and audio by their media type', () => {
    expect(previewKindOf(item({ name: 'a', media_type: 1 }))).toBe('image');
    expect(previewKindOf(item({ name: 'a', media_type: 2 }))).toBe('video');
    expect(previewKindOf(item({ name: 'a', media_type: 3 }))).toBe('audio');
  });

  it('opens PDFs, text and code by their name', () => {
    expect(previewKindOf(item({ name: 'Guide.PDF', media_type: 4 }))).toBe('pdf');
    for (const name of ['notes.txt', 'README.md', 'data.json', 'main.py', 'page.html', 'a.csv'])
      expect(previewKindOf(item({ name, media_type: 9 }))).toBe('text');
  });

  it('has no viewer for folders, archives and unknown files', () => {
    expect(isPreviewable(item({ name: 'notes.txt', is_folder: 1, media_type: 0 }))).toBe(false);
    expect(isPreviewable(item({ name: 'photos.zip', media_type: 5 }))).toBe(false);
    expect(isPreviewable(item({ name: 'report.docx', media_type: 9 }))).toBe(false);
  });
});
