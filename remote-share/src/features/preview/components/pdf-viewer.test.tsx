import { act, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import type { PdfDocumentHandle } from '../pdf/load-pdf-engine';
import { PdfViewer } from './pdf-viewer';

/** What the fake pdf.js drew: each page and scale asked for, its text written in the layer. */
const drawn: { page: number; scale: number }[] = [];
let openPdf: jest.Mock<Promise<PdfDocumentHandle>, [string]>;

jest.mock('../pdf/load-pdf-engine', () => ({
  loadPdfEngine: async () => ({ openPdf: (url: string) => openPdf(url) }),
}));

function twoPages(): PdfDocumentHandle {
  return {
    pageCount: 2,
    pageSize: async () => ({ width: 595, height: 842 }),
    renderPage: async (page, scale, _canvas, textLayer) => {
      drawn.push({ page, scale });
      textLayer.textContent = `Text of page ${page}`;
    },
    destroy: jest.fn(),
  };
}

/** The preview screen around the viewer: its keys act inside a dialog. */
const inPreview = (viewer: ReactElement) => <div role="dialog">{viewer}</div>;

const guide = item({ id: 71, name: 'guide.pdf', download_url: 'https://cdn.example.com/g.pdf' });

/** jsdom lays nothing out: the stage is a phone's width. */
function layOut(width: number) {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  Object.assign(globalThis, {
    ResizeObserver: class {
      observe() {}
      disconnect() {}
    },
  });
}

beforeEach(() => {
  drawn.length = 0;
  openPdf = jest.fn(async (_url: string) => twoPages());
  layOut(412);
});
afterEach(() => jest.restoreAllMocks());

describe('the PDF preview', () => {
  it('opens the file, fits its first page and turns the pages', async () => {
    const { host, record } = createFakeHost();
    renderWithHost(host, inPreview(<PdfViewer item={guide} />));
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('Text of page 1')).toBeInTheDocument();
    expect(openPdf).toHaveBeenCalledWith('https://cdn.example.com/g.pdf');
    expect(drawn.at(-1)?.page).toBe(1);
    expect((drawn.at(-1)?.scale ?? 0) * 595).toBeCloseTo(412 - 32);
    expect(record.events.at(-1)).toMatchObject({ name: 'share_preview_success' });

    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('region', { name: 'Page 2 of 2' })).toBeInTheDocument();
    expect(await screen.findByText('Text of page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(previous);
    expect(await screen.findByRole('region', { name: 'Page 1 of 2' })).toBeInTheDocument();
  });

  it('zooms with its buttons and the keys, and turns pages with the arrows', async () => {
    const { host } = createFakeHost();
    renderWithHost(host, inPreview(<PdfViewer item={guide} />));
    const page = await screen.findByRole('region', { name: 'Page 1 of 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('125%')).toBeInTheDocument();
    page.focus();
    await userEvent.keyboard('-');
    await userEvent.keyboard('-');
    expect(screen.getByText('75%')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByRole('region', { name: 'Page 2 of 2' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('region', { name: 'Page 1 of 2' })).toBeInTheDocument();
  });

  it('turns pages the other way round in a right-to-left page', async () => {
    // Arabic's direction (its texts are the tests' English: the catalog is not loaded here).
    const { host } = createFakeHost({ language: 'ar' });
    renderWithHost(host, inPreview(<PdfViewer item={guide} />));
    await screen.findByRole('region', { name: 'Page 1 of 2' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await screen.findByRole('region', { name: 'Page 2 of 2' })).toBeInTheDocument();
  });

  it('says a file that cannot be opened could not be loaded, and closes what it opened', async () => {
    openPdf = jest.fn(async (_url: string) => {
      throw new Error('Invalid PDF structure');
    });
    const { host, record } = createFakeHost();
    renderWithHost(host, inPreview(<PdfViewer item={guide} />));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be loaded');
    expect(record.events.at(-1)).toMatchObject({ name: 'share_preview_fail' });

    const opened = twoPages();
    openPdf = jest.fn(async (_url: string) => opened);
    const { unmount } = renderWithHost(host, <PdfViewer item={{ ...guide, id: 72 }} />);
    await act(async () => undefined);
    unmount();
    expect(opened.destroy).toHaveBeenCalled();
  });
});
