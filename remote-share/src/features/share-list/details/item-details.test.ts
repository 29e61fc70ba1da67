import { messages as arabic } from '../../../locales/ar';
import { provideTexts, textsIn } from '../../../lib/texts';
import { item } from '../../../testing/fixtures';
import { detailLines } from './item-details';

const en = textsIn('en');

describe('an item’s details', () => {
  it('say an image’s type, size, dimensions once measured, and when it was modified', () => {
    const photo = item({
      name: 'beach.jpg',
      media_type: 1,
      total_size: 1_600_000,
      update_time: 1_700_000_000,
    });
    expect(detailLines(photo, 'en', en, null).map((line) => line.label)).toEqual([
      'Type',
      'Size',
      'Modified',
    ]);
    const lines = detailLines(photo, 'en', en, { width: 4032, height: 3024 });
    expect(lines).toEqual([
      { label: 'Type', value: 'Image' },
      { label: 'Size', value: '1.5 MB' },
      { label: 'Dimensions', value: '4,032 × 3,024 px' },
      { label: 'Modified', value: expect.stringMatching(/^2023\/11\/1[45] \d\d:\d\d$/) },
    ]);
  });

  it('say a video’s or a song’s duration, never an image’s', () => {
    const clip = item({ name: 'clip.mp4', media_type: 2, duration: 95 });
    expect(detailLines(clip, 'en', en, null)).toContainEqual({
      label: 'Duration',
      value: '00:01:35',
    });
    const song = item({ name: 'tone.mp3', media_type: 3, duration: 0 });
    expect(detailLines(song, 'en', en, null).map((line) => line.label)).not.toContain('Duration');
  });

  it('give a folder no size, and a document its kind by its extension', () => {
    const folder = item({ name: 'Photos', is_folder: 1, media_type: 0 });
    expect(detailLines(folder, 'en', en, null).map((line) => line.value)[0]).toBe('Folder');
    expect(detailLines(folder, 'en', en, null).map((line) => line.label)).not.toContain('Size');
    const pdf = item({ name: 'guide.pdf', media_type: 4 });
    expect(detailLines(pdf, 'en', en, null)[0]).toEqual({ label: 'Type', value: 'PDF document' });
  });

  it('write numbers and words in the page’s language', () => {
    const photo = item({ name: 'بيروت.jpg', media_type: 1 });
    provideTexts('ar', arabic);
    const ar = textsIn('ar');
    const lines = detailLines(photo, 'ar', ar, { width: 4032, height: 3024 });
    expect(lines[0]).toEqual({ label: 'النوع', value: expect.any(String) });
    expect(lines.find((line) => line.label === 'الأبعاد')?.value).toBe(
      `${new Intl.NumberFormat('ar').format(4032)} × ${new Intl.NumberFormat('ar').format(3024)} بكسل`,
    );
  });
});
