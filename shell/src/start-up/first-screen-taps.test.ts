import { fireEvent } from '@testing-library/react';
import {
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  KEPT_TAPS_GLOBAL,
  type KeptFirstScreenTaps,
} from 'shared-contracts/page';
import { replayFirstScreenTaps } from './first-screen-taps';

/** The page's head: runs the inline keeper as the browser would. */
function runKeeper(): KeptFirstScreenTaps {
  new Function(KEEP_FIRST_SCREEN_TAPS_SCRIPT)();
  const kept = (window as unknown as Record<string, KeptFirstScreenTaps | undefined>)[
    KEPT_TAPS_GLOBAL
  ];
  if (!kept) throw new Error('the keeper did not start');
  return kept;
}

const SCREEN = `
  <button type="button">Report</button>
  <ul>
    <li><button type="button">Documents</button><input type="checkbox" aria-label="Select Documents"></li>
    <li><button type="button">Photos</button><input type="checkbox" aria-label="Select Photos"></li>
  </ul>`;

/** The server's first screen in the app's container. */
function firstScreen(): HTMLElement {
  document.body.innerHTML = `<div id="app"><div data-first-screen style="display:contents">${SCREEN}</div></div>`;
  return document.getElementById('app') as HTMLElement;
}

/** The app's first render: the same markup, now with handlers that note each click. */
function appRenders(container: HTMLElement, markup = SCREEN): string[] {
  const clicks: string[] = [];
  container.innerHTML = markup;
  container
    .querySelectorAll('button, input')
    .forEach((control) =>
      control.addEventListener('click', () =>
        clicks.push(control.textContent || control.getAttribute('aria-label') || ''),
      ),
    );
  return clicks;
}

const byText = (container: HTMLElement, text: string) =>
  Array.from(container.querySelectorAll<HTMLElement>('button')).find(
    (button) => button.textContent === text,
  ) as HTMLElement;

const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('taps on the first screen', () => {
  it('are kept, not acted on, and shown as taken', () => {
    const container = firstScreen();
    const kept = runKeeper();
    const photos = byText(container, 'Photos');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    photos.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(kept.taps).toEqual([{ index: 3, text: 'Photos' }]);
    expect(photos).toHaveAttribute('data-tap-kept');
  });

  it('run in order on the same controls once the app has replaced the first screen', async () => {
    const container = firstScreen();
    runKeeper();
    fireEvent.click(container.querySelector('[aria-label="Select Documents"]') as HTMLElement);
    fireEvent.click(byText(container, 'Photos'));
    replayFirstScreenTaps(container);
    await mutationsDelivered();
    const clicks = appRenders(container);
    await mutationsDelivered();
    expect(clicks).toEqual(['Select Documents', 'Photos']);
  });

  it('give the focus back to the control that had it, leaving the page where it was', async () => {
    const container = firstScreen();
    runKeeper();
    byText(container, 'Report').focus();
    replayFirstScreenTaps(container);
    appRenders(container);
    const focus = jest.spyOn(HTMLElement.prototype, 'focus');
    await mutationsDelivered();
    expect(document.activeElement).toBe(byText(container, 'Report'));
    // Not scrolled to: the reader may have scrolled away from it.
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    focus.mockRestore();
  });

  it('are dropped rather than sent to another control when the app shows something else', async () => {
    const container = firstScreen();
    runKeeper();
    fireEvent.click(byText(container, 'Photos'));
    replayFirstScreenTaps(container);
    const clicks = appRenders(
      container,
      '<button type="button">Report</button><p>No files</p><button type="button">Retry</button>',
    );
    await mutationsDelivered();
    expect(clicks).toEqual([]);
  });

  it('are left alone outside the first screen', () => {
    const container = firstScreen();
    const kept = runKeeper();
    appRenders(container);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    byText(container, 'Photos').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(kept.taps).toEqual([]);
  });
});
