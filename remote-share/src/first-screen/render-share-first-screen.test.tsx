/**
 * @jest-environment node
 */
import type { Platform, SiteLanguage } from 'shared-contracts';
import { TEST_CONFIG } from 'shared-contracts/testing';
import { ARABIC_MARK } from '../testing/arabic-texts';
import { item, shareInfo } from '../testing/fixtures';
import { renderShareFirstScreen } from './render-share-first-screen';

// The Arabic catalog stays empty until translators write it: the tests' own stands in for it.
jest.mock('../locales/ar', () => ({
  messages: jest.requireActual('../testing/arabic-texts').ARABIC_MESSAGES,
}));

// The server renders this with no window and no document: the test runs where there are none.
const photo = item({
  name: 'beach.jpg',
  media_type: 1,
  thumb_url: 'https://cdn.example.com/t/beach.jpg',
  update_time: 1_700_000_000,
});
const answers = {
  share_code: 'demo-public',
  info: shareInfo(),
  root_list: [
    item({ name: 'Photos', is_folder: 1 }),
    photo,
    item({ name: 'relative.jpg', media_type: 1, thumb_url: '/media/t/relative.jpg' }),
    item({ name: '<img src=x onerror=alert(1)>.pdf' }),
  ],
};

function render(platform: Platform = 'android', language: SiteLanguage = 'en') {
  return renderShareFirstScreen({ config: TEST_CONFIG, platform, language, answers });
}

describe("the server's render of a share's first screen", () => {
  it('shows the sharer, the count and every row, all selected', () => {
    const html = render();
    expect(html).toContain('Sam');
    expect(html).toContain('4 file(s) selected');
    expect(html).toContain('aria-label="Shared files"');
    for (const name of ['Photos', 'beach.jpg', 'relative.jpg']) {
      expect(html).toContain(`aria-label="Select ${name}"`);
    }
    expect(html.match(/type="checkbox"[^>]* checked=""/g)).toHaveLength(4);
    expect(html).toContain('Log in and save');
  });

  it('renders names as text', () => {
    const html = render();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;.pdf');
  });

  it("shows absolute thumbnails; one relative to the page waits for the app's render", () => {
    const html = render();
    expect(html).toContain('src="https://cdn.example.com/t/beach.jpg"');
    expect(html).not.toContain('/media/t/relative.jpg');
  });

  it("writes each time with its instant, for the page's script to show in the visitor's zone", () => {
    // 1_700_000_000 is 2023-11-14T22:13:20Z: the text is in the server's zone, the instant is not.
    expect(render()).toMatch(
      /<time class="ns-row__time" dateTime="2023-11-14T22:13:20.000Z">\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}<\/time>/,
    );
  });

  it('lays the page out for the platform: the save bar on a phone, the save button in the header on a PC', () => {
    expect(render('android')).toContain('ns-share-page--mobile');
    expect(render('other')).toContain('ns-share-page--pc');
  });

  it("paints a folder's address as that folder: its breadcrumb down to it and its items", () => {
    const html = renderShareFirstScreen({
      config: TEST_CONFIG,
      platform: 'android',
      language: 'en',
      answers: {
        ...answers,
        root_list: [photo],
        folder_path: [
          { id: 7, name: 'Photos' },
          { id: 9, name: '2025' },
        ],
      },
    });
    expect(html).toContain('aria-label="Folder path"');
    expect(html).toMatch(/<button[^>]*class="ns-breadcrumb__link"[^>]*>Photos<\/button>/);
    expect(html).toMatch(/<span[^>]*aria-current="page"[^>]*>2025<\/span>/);
    expect(html).toContain('aria-label="Select beach.jpg"');
    expect(html).not.toContain('aria-label="Select Photos"');
  });

  it("is painted in the page's language, each name isolated as the app's first render does", () => {
    const html = render('android', 'ar');
    expect(html).toContain(`${ARABIC_MARK} 4 file(s) selected`);
    expect(html).toContain(`aria-label="${ARABIC_MARK} Shared files"`);
    expect(html).toContain('<span dir="auto">beach.jpg</span>');
    expect(html).toContain('<span dir="auto">Sam</span>');
    expect(html).not.toMatch(/[\u0660-\u0669]/);
  });

  it("paints a grid visitor's grid: every tile, in CSS columns, thumbnails sized, the first eager", () => {
    const grid = { ...photo, id: 900, grid_thumb_url: 'https://cdn.example.com/g/beach-256.webp' };
    const many = Array.from({ length: 14 }, (_, index) =>
      item({
        name: `pic-${index}.jpg`,
        media_type: 1,
        grid_thumb_url: `https://cdn.example.com/g/${index}.webp`,
      }),
    );
    const html = renderShareFirstScreen({
      config: TEST_CONFIG,
      platform: 'android',
      language: 'en',
      answers: { ...answers, root_list: [grid, ...many] },
      view: 'grid',
    });
    expect(html).toMatch(
      /class="ns-file-grid ns-file-grid--fluid" role="grid" aria-label="Shared files"/,
    );
    expect(html).not.toContain('class="ns-file-list"');
    // Every tile (the server knows no width): the CSS lays them out as the app will.
    expect(html.match(/role="gridcell"/g)).toHaveLength(15);
    expect(html).not.toMatch(/translateY/);
    expect(html).toMatch(
      /<img class="ns-tile__img" src="https:\/\/cdn.example.com\/g\/beach-256.webp"[^>]* width="256" height="256" alt="beach.jpg" loading="eager"/,
    );
    // Past the first screen's tiles, thumbnails wait until they are near.
    expect(html).toMatch(/alt="pic-13.jpg" loading="lazy"/);
    // The list's visitors keep the list.
    expect(render()).not.toContain('role="grid"');
  });
});
