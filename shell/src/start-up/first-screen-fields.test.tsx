import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  KEEP_FIRST_SCREEN_TAPS_SCRIPT,
  KEPT_TAPS_GLOBAL,
  type KeptFirstScreenTaps,
} from 'shared-contracts/page';
import { replayFirstScreenTaps } from './first-screen-taps';

/** The code prompt as the server paints it (the app's own markup, without handlers). */
const PAINTED = `
  <form><label for="s-code">Extract code</label>
  <input id="s-code" type="text" value="">
  <button type="submit">Extract file</button></form>`;

/** The app's code prompt: a controlled field, as remote-share's. */
function CodePrompt({ onSubmit }: { onSubmit(code: string): void }) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(code);
      }}
    >
      <label htmlFor="a-code">Extract code</label>
      <input id="a-code" type="text" value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="submit">Extract file</button>
    </form>
  );
}

function paintedPage(): HTMLElement {
  document.body.innerHTML = `<div id="app"><div data-first-screen style="display:contents">${PAINTED}</div></div>`;
  new Function(KEEP_FIRST_SCREEN_TAPS_SCRIPT)();
  return document.getElementById('app') as HTMLElement;
}

const keptTaps = () =>
  (window as unknown as Record<string, KeptFirstScreenTaps>)[
    KEPT_TAPS_GLOBAL
  ] as KeptFirstScreenTaps;

/** What a visitor does in the painted field: taps it (focus), types. */
function typeInto(field: HTMLInputElement, text: string) {
  field.focus();
  field.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a code typed into the painted field before the app runs', () => {
  it("is in the app's field, which keeps the focus", async () => {
    const container = paintedPage();
    replayFirstScreenTaps(container);
    typeInto(container.querySelector('input') as HTMLInputElement, 'ab12');
    expect(keptTaps().taps).toEqual([{ index: 1, text: '' }]);

    const submitted: string[] = [];
    await act(async () => {
      createRoot(container).render(<CodePrompt onSubmit={(code) => submitted.push(code)} />);
      await tick();
    });
    const field = container.querySelector('input') as HTMLInputElement;
    expect(field.id).toBe('a-code');
    expect(field.value).toBe('ab12');
    expect(document.activeElement).toBe(field);
    expect(submitted).toEqual([]);
  });

  it("is submitted by the app when 'Extract file' was pressed before it ran", async () => {
    const container = paintedPage();
    replayFirstScreenTaps(container);
    typeInto(container.querySelector('input') as HTMLInputElement, 'ab12');
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    (container.querySelector('button') as HTMLButtonElement).dispatchEvent(press);
    // Kept, not acted on: the painted form would reload the page.
    expect(press.defaultPrevented).toBe(true);

    const submitted: string[] = [];
    await act(async () => {
      createRoot(container).render(<CodePrompt onSubmit={(code) => submitted.push(code)} />);
      await tick();
    });
    // The kept tap runs a task after the typed code reached the app's state.
    await act(tick);
    expect(submitted).toEqual(['ab12']);
  });
});
