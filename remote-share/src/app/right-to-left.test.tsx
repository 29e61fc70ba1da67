import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { directionOf, type SiteLanguage } from 'shared-contracts';
import { createFakeHost, TEST_CONFIG } from 'shared-contracts/testing';
import { PreviewScreen } from '../features/preview/components/preview-screen';
import { renderShareFirstScreen } from '../first-screen/render-share-first-screen';
import { ARABIC_MARK } from '../testing/arabic-texts';
import { item, ok, shareInfo, stubWindowScroll } from '../testing/fixtures';
import { stubMediaElements } from '../testing/media';
import { renderWithHost } from '../testing/render';
import { messages as arabic } from '../locales/ar';
import ShareViewer, { prepare } from './share-viewer';

// The Arabic catalog stays empty until translators write it: the tests' own stands in for it.
jest.mock('../locales/ar', () => ({
  messages: jest.requireActual('../testing/arabic-texts').ARABIC_MESSAGES,
}));

const ar = (english: string) => `${ARABIC_MARK} ${english}`;

/** The page as the server and the shell make it: `<html lang dir>` in the visitor's language. */
function pageIn(language: SiteLanguage) {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** The viewer's own stylesheet (jsdom applies it), where pointing icons are mirrored. */
function withBaseStylesheet() {
  const style = document.createElement('style');
  style.textContent = readFileSync(path.join(__dirname, '../components/ui/base.css'), 'utf8');
  document.head.append(style);
  return () => style.remove();
}

const photos = item({ id: 1, name: 'Photos', is_folder: 1, media_type: 0, total_size: 0 });
const arabicName = 'رحلة الصيف.jpg';
const beach = item({ id: 2, name: 'beach.jpg', media_type: 1, total_size: 1024 * 1024 * 1.55 });
const summer = item({ id: 3, name: arabicName, media_type: 1, update_time: 1_700_000_000 });

beforeAll(stubWindowScroll);
afterEach(() => pageIn('en'));

function showList(language: SiteLanguage) {
  const fake = createFakeHost({
    language,
    api: {
      '/share/info': () => ok(shareInfo()),
      '/share/detail': () => ok({ file_list: [photos, beach, summer], total: 3 }),
    },
  });
  render(<ShareViewer host={fake.host} view="share" shareCode="demo-public" />);
  return fake;
}

describe('the viewer in Arabic', () => {
  // The shell's loader, answering the viewer's Arabic file.
  beforeAll(() => prepare('ar', () => Promise.resolve(arabic)));
  beforeEach(() => pageIn('ar'));

  it("speaks the page's language, its plurals by Arabic's rules", async () => {
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    showList('ar');
    // On desktop, a table whose column headers read in Arabic.
    expect(await screen.findByRole('table', { name: ar('Shared files') })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: ar('Name') })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(screen.getByRole('button', { name: ar('Report') })).toBeInTheDocument();
    expect(screen.getByText(ar('3 file(s) selected'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ar('Deselect all') }));
    // 'few' (3 to 10): the form English's 'file(s)' has no room for.
    expect(screen.getByText('3 ملفات')).toBeInTheDocument();
  });

  it('isolates every name a person typed, a Latin one as an Arabic one', async () => {
    showList('ar');
    const beachRow = await screen.findByRole('button', { name: 'beach.jpg' });
    expect(within(beachRow).getByText('beach.jpg')).toHaveAttribute('dir', 'auto');
    const summerRow = screen.getByRole('button', { name: arabicName });
    expect(within(summerRow).getByText(arabicName)).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Sam')).toHaveAttribute('dir', 'auto');
    expect(screen.getByRole('searchbox', { name: ar('Filter by name') })).toHaveAttribute(
      'dir',
      'auto',
    );
  });

  it('writes sizes and times through Intl in Arabic, with Latin digits', async () => {
    showList('ar');
    // What describes a row's name: its kind, and in the desktop table its date and size cells.
    const details = (name: string) => {
      const ids = screen.getByRole('button', { name }).getAttribute('aria-describedby') ?? '';
      const described = document.createElement('div');
      for (const id of ids.split(' ')) {
        const part = document.getElementById(id);
        if (part) described.append(part.cloneNode(true));
      }
      return described;
    };
    expect(await screen.findByRole('button', { name: 'beach.jpg' })).toBeInTheDocument();
    expect(details('beach.jpg')).toHaveTextContent(ar('1.6 MB'));
    const time = new Intl.DateTimeFormat('ar', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(1_700_000_000 * 1000));
    expect(details(arabicName)?.querySelector('time')).toHaveTextContent(time);
    expect(details(arabicName)?.textContent).not.toMatch(/[\u0660-\u0669]/);
  });

  it("shows at its first render what the server's first screen painted", () => {
    const info = shareInfo();
    const rootList = [photos, beach, summer];
    const painted = document.createElement('div');
    painted.innerHTML = renderShareFirstScreen({
      config: TEST_CONFIG,
      platform: 'android',
      language: 'ar',
      answers: { share_code: info.share_code, info, root_list: rootList },
    });
    const fake = createFakeHost({ language: 'ar', platform: 'android' });
    const { container } = render(
      <ShareViewer
        host={fake.host}
        view="share"
        shareCode={info.share_code}
        sharePrefetch={{ take: () => null, firstScreen: () => ({ info, rootList }) }}
      />,
    );
    expect(container.textContent).toContain(ar('Report'));
    expect(container.textContent).toBe(painted.textContent);
    const isolated = (root: Element) =>
      Array.from(root.querySelectorAll('[dir="auto"]'), (element) => element.textContent);
    expect(isolated(container)).toEqual(isolated(painted));
    expect(isolated(container)).toContain('beach.jpg');
  });

  describe('the image gallery', () => {
    const gallery = [beach, summer, item({ id: 4, name: 'dunes.jpg', media_type: 1 })];

    async function openGallery() {
      const media = stubMediaElements();
      const fake = createFakeHost({ language: 'ar' });
      renderWithHost(
        fake.host,
        <PreviewScreen
          item={summer}
          items={gallery}
          onClose={jest.fn()}
          onSave={jest.fn()}
          canSave
        />,
      );
      return { media };
    }

    it('mirrors its back arrow and its step buttons', async () => {
      const removeStylesheet = withBaseStylesheet();
      const { media } = await openGallery();
      try {
        const arrowOf = (name: string) =>
          screen.getByRole('button', { name: ar(name) }).querySelector('svg') as SVGElement;
        expect(getComputedStyle(arrowOf('Close preview')).transform).toBe('scaleX(-1)');
        expect(getComputedStyle(arrowOf('Next image')).transform).toBe('scaleX(-1)');
        // Left to right, the same arrows point as drawn.
        pageIn('en');
        expect(getComputedStyle(arrowOf('Close preview')).transform).not.toBe('scaleX(-1)');
      } finally {
        removeStylesheet();
        media.restore();
      }
    });

    it('goes to the next image with ArrowLeft, where the next one is, and back with ArrowRight', async () => {
      const { media } = await openGallery();
      try {
        expect(screen.getByRole('heading', { name: arabicName })).toBeInTheDocument();
        await userEvent.keyboard('{ArrowLeft}');
        expect(screen.getByRole('heading', { name: 'dunes.jpg' })).toBeInTheDocument();
        await userEvent.keyboard('{ArrowRight}{ArrowRight}');
        expect(screen.getByRole('heading', { name: 'beach.jpg' })).toBeInTheDocument();
        // The file's name in the bar reads in its own direction.
        expect(within(screen.getByRole('heading')).getByText('beach.jpg')).toHaveAttribute(
          'dir',
          'auto',
        );
      } finally {
        media.restore();
        await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      }
    });
  });
});

describe('the viewer in English', () => {
  it('isolates an Arabic name, and leaves a Latin one as plain text', async () => {
    showList('en');
    const summerRow = await screen.findByRole('button', { name: arabicName });
    expect(within(summerRow).getByText(arabicName)).toHaveAttribute('dir', 'auto');
    const beachRow = screen.getByRole('button', { name: 'beach.jpg' });
    expect(beachRow.querySelector('[dir]')).toBeNull();
    expect(within(beachRow).getByText('beach.jpg')).toHaveClass('ns-row__name');
  });
});
