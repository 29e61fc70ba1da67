import { act, renderHook } from '@testing-library/react';
import {
  currentViewMode,
  LEGACY_VIEW_STORAGE_KEY,
  useViewMode,
  viewCookie,
  viewCookieValue,
} from './view-mode';

const clearCookie = () => {
  document.cookie = 'nimbus_view=; max-age=0; path=/';
};

beforeEach(() => {
  clearCookie();
  window.localStorage.clear();
});

describe('the view cookie', () => {
  it('is plain, for the whole site, a year, SameSite=Lax, secure over https', () => {
    expect(viewCookie('grid', false)).toBe('nimbus_view=grid;path=/;max-age=31536000;samesite=lax');
    expect(viewCookie('list', true)).toMatch(/;secure$/);
  });

  it('is read by name, the first as sent', () => {
    expect(viewCookieValue('a=b; nimbus_view=grid; nimbus_view=list')).toBe('grid');
    expect(viewCookieValue('xnimbus_view=grid')).toBeNull();
    expect(viewCookieValue('')).toBeNull();
  });

  it('names the grid only by exactly "grid"', () => {
    document.cookie = 'nimbus_view=Grid; path=/';
    expect(currentViewMode()).toBe('list');
    document.cookie = 'nimbus_view=grid; path=/';
    expect(currentViewMode()).toBe('grid');
  });
});

describe("an older build's choice in localStorage", () => {
  it('is moved to the cookie once, and the storage key dropped', () => {
    window.localStorage.setItem(LEGACY_VIEW_STORAGE_KEY, 'grid');
    expect(currentViewMode()).toBe('grid');
    expect(viewCookieValue(document.cookie)).toBe('grid');
    expect(window.localStorage.getItem(LEGACY_VIEW_STORAGE_KEY)).toBeNull();
  });

  it('gives way to a cookie already set', () => {
    document.cookie = 'nimbus_view=list; path=/';
    window.localStorage.setItem(LEGACY_VIEW_STORAGE_KEY, 'grid');
    expect(currentViewMode()).toBe('list');
  });

  it('is ignored when it is not a view', () => {
    window.localStorage.setItem(LEGACY_VIEW_STORAGE_KEY, 'tiles');
    expect(currentViewMode()).toBe('list');
    expect(viewCookieValue(document.cookie)).toBeNull();
  });
});

it('keeps a new choice in the cookie and shows it at once', () => {
  const { result } = renderHook(() => useViewMode());
  expect(result.current[0]).toBe('list');
  act(() => result.current[1]('grid'));
  expect(result.current[0]).toBe('grid');
  expect(viewCookieValue(document.cookie)).toBe('grid');
});
