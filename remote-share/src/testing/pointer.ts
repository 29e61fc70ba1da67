import { act, createEvent, fireEvent } from '@testing-library/react';
import { LONG_PRESS_MS } from '../features/share-list/components/use-long-press';

/** What a pointer event says of its pointer. */
export interface PointerFields {
  pointerType: string;
  clientX: number;
  clientY: number;
}

/**
 * Sends `element` a pointer event as a browser sends it (jsdom has no PointerEvent to make one
 * from): a finger's (`touch`), a mouse's or a pen's, at a point.
 */
export function firePointer(
  element: Element,
  type: 'pointerDown' | 'pointerMove' | 'pointerUp',
  fields: PointerFields,
): void {
  const event = createEvent[type](element);
  for (const [name, value] of Object.entries(fields)) {
    Object.defineProperty(event, name, { value });
  }
  fireEvent(element, event);
}

/**
 * The long press of a list's row and of a grid's tile, on `target` (the item's open button) of
 * item `id`: a finger resting there toggles the item and its release's click opens nothing; a
 * tap opens; a finger that moves is a scroll; a mouse held down is no long press. Under jest's
 * fake timers; `onOpen` and `onToggle` are the item's mocks, not called before.
 */
export function checkLongPress(
  target: Element,
  id: number,
  { onOpen, onToggle }: { onOpen: jest.Mock; onToggle: jest.Mock },
): void {
  const finger = (type: 'pointerDown' | 'pointerMove' | 'pointerUp', y = 10, kind = 'touch') =>
    firePointer(target, type, { pointerType: kind, clientX: 10, clientY: y });
  finger('pointerDown');
  act(() => jest.advanceTimersByTime(LONG_PRESS_MS));
  expect(onToggle).toHaveBeenCalledWith(id, false);
  finger('pointerUp');
  fireEvent.click(target);
  expect(onOpen).not.toHaveBeenCalled();

  finger('pointerDown');
  finger('pointerUp');
  fireEvent.click(target);
  expect(onOpen).toHaveBeenCalledTimes(1);
  finger('pointerDown');
  finger('pointerMove', 40);
  act(() => jest.advanceTimersByTime(LONG_PRESS_MS));
  finger('pointerDown', 10, 'mouse');
  act(() => jest.advanceTimersByTime(LONG_PRESS_MS));
  expect(onToggle).toHaveBeenCalledTimes(1);
}
