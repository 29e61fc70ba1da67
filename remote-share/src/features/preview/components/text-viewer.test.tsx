import { screen } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { TEXT_PREVIEW_BYTES } from '../state/text-preview';
import { TextViewer } from './text-viewer';

// jsdom has no TextDecoder: Node's is the one browsers implement.
Object.assign(globalThis, { TextDecoder });

const notes = item({
  id: 61,
  name: 'notes.txt',
  download_url: 'https://cdn.example.com/notes.txt',
  total_size: 40,
});

/** The server's answer: these bytes (or a status). */
function serve(answer: string | Uint8Array | number) {
  const fetchMock = jest.fn(async () => {
    if (typeof answer === 'number') return { ok: false, status: answer, body: null };
    const bytes = typeof answer === 'string' ? new TextEncoder().encode(answer) : answer;
    return { ok: true, status: 206, body: null, arrayBuffer: async () => bytes.buffer };
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return fetchMock;
}

function show(file = notes) {
  const { host, record } = createFakeHost();
  renderWithHost(host, <TextViewer item={file} />);
  return record;
}

describe('the text preview', () => {
  it("shows the file's text as written, markup included, in a region named for it", async () => {
    const fetchMock = serve('Day 1\n  <script>alert(1)</script>\n');
    const record = show();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    const region = await screen.findByRole('region', { name: 'Text of notes.txt' });
    expect(region.textContent).toBe('Day 1\n  <script>alert(1)</script>\n');
    expect(region.querySelector('script')).toBeNull();
    expect(region).toHaveAttribute('tabindex', '0');
    expect(screen.queryByText(/Only the first/)).not.toBeInTheDocument();
    // Only the first megabyte is asked for.
    expect(fetchMock).toHaveBeenCalledWith(
      'https://cdn.example.com/notes.txt',
      expect.objectContaining({ headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES}` } }),
    );
    expect(record.events.at(-1)).toMatchObject({ name: 'share_preview_success' });
  });

  it('says when only the start of a long file is shown', async () => {
    serve('the beginning');
    show({ ...notes, total_size: 5 * 1024 * 1024 });
    expect(await screen.findByText('Only the first 1.0 MB of this file is shown')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Text of notes.txt' })).toHaveTextContent(
      'the beginning',
    );
  });

  it('says a file that fails to load could not be loaded', async () => {
    serve(403);
    const record = show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be loaded');
    expect(record.events.at(-1)).toMatchObject({ name: 'share_preview_fail' });
  });

  it('does not show a binary file as text', async () => {
    serve(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('This file cannot be shown as text');
  });
});
