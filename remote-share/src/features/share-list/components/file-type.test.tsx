import { screen } from '@testing-library/react';
import type { SharedItemState } from 'shared-contracts';
import { createFakeHost } from 'shared-contracts/testing';
import { item } from '../../../testing/fixtures';
import { renderWithHost } from '../../../testing/render';
import { FileRow } from './file-row';

describe('the row icons', () => {
  const row = (name: string, media_type = 4): SharedItemState => ({
    ...item({ name, media_type }),
    check: false,
  });

  function iconOf(name: string, media_type = 4) {
    const { host } = createFakeHost();
    const { container, unmount } = renderWithHost(
      host,
      <FileRow
        item={row(name, media_type)}
        onOpen={jest.fn()}
        onDetails={jest.fn()}
        onToggle={jest.fn()}
        scrolling
      />,
    );
    const open = screen.getByRole('button', { name });
    const icon = container.querySelector('.ns-row__thumb svg');
    const kind = icon?.getAttribute('data-file-kind');
    const description = open.getAttribute('aria-describedby');
    const details = description ? document.getElementById(description)?.textContent : null;
    const hidden = icon?.closest('[aria-hidden="true"]') !== null;
    const markup = icon?.innerHTML;
    unmount();
    return { kind, details, hidden, markup };
  }

  it('draws a different, decorative icon for a PDF, a zip, a document, a spreadsheet, a text and an app', () => {
    const icons = [
      'guide.pdf',
      'archive.zip',
      'report.docx',
      'budget.xlsx',
      'notes.txt',
      'app.apk',
      'data.bin',
    ].map((name) => iconOf(name));
    expect(icons.map((icon) => icon.kind)).toEqual([
      'pdf',
      'archive',
      'document',
      'spreadsheet',
      'text',
      'package',
      'file',
    ]);
    expect(new Set(icons.map((icon) => icon.markup)).size).toBe(icons.length);
    expect(icons.every((icon) => icon.hidden)).toBe(true);
  });

  it('names the row by the file and says its kind to a screen reader', () => {
    expect(iconOf('guide.pdf').details).toContain('PDF document,');
    expect(iconOf('archive.zip').details).toContain('Archive,');
    expect(iconOf('budget.csv').details).toContain('Spreadsheet,');
    expect(iconOf('app.ipa').details).toContain('App package,');
    expect(iconOf('data.bin').details).toContain('File,');
    expect(iconOf('beach.jpg', 1).details).toContain('Image,');
  });
});
