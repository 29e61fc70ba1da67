import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_CONTROLS,
  FIRST_SCREEN_TEXT_FIELDS,
} from 'shared-contracts/page';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** A text field of the server's first screen, by its position among the screen's controls. */
export interface FirstScreenField {
  index: number;
  field: TextField;
}

const isTextField = (element: Element | undefined): element is TextField =>
  (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
  element.matches(FIRST_SCREEN_TEXT_FIELDS);

/**
 * The text fields of the first screen in `container`, taken before the app replaces it: a
 * visitor may type into them (an extract code) before the app runs, and the elements keep what
 * was typed once React has removed them.
 */
export function firstScreenFields(container: Element): FirstScreenField[] {
  const screen = container.querySelector(`[${FIRST_SCREEN_ATTRIBUTE}]`);
  if (!screen) return [];
  return [...screen.querySelectorAll(FIRST_SCREEN_CONTROLS)].flatMap((control, index) =>
    isTextField(control) ? [{ index, field: control }] : [],
  );
}

/**
 * Types what the visitor typed into the first screen's fields into the app's copies of them (the
 * same position among the controls, an empty text field): through the element's own value setter
 * and an `input` event, as typing does, so the app's state (React's onChange) has it. True when a
 * value was carried over: the app renders it in a later task.
 */
export function carryFieldValues(container: Element, fields: FirstScreenField[]): boolean {
  const controls = container.querySelectorAll(FIRST_SCREEN_CONTROLS);
  let carried = false;
  for (const { index, field } of fields) {
    const copy = controls[index];
    if (field.value === '' || !isTextField(copy) || copy.value !== '') continue;
    const prototype = Object.getPrototypeOf(copy) as TextField;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(copy, field.value);
    copy.dispatchEvent(new Event('input', { bubbles: true }));
    carried = true;
  }
  return carried;
}
