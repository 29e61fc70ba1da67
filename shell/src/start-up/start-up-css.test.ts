import { START_UP_CSS_ELEMENT_ID } from 'shared-contracts/page';
import { applyStartUpCss } from './start-up-css';

/** A page as the server writes it over a first screen: the start-up's CSS inert at its end. */
function pageWithStartUpCss() {
  document.head.innerHTML = '<style data-first-screen>.ns-row{color:red}</style>';
  document.body.innerHTML =
    '<div id="app"><p class="ns-row">mountains.jpg</p></div>' +
    `<template id="${START_UP_CSS_ELEMENT_ID}">` +
    '<style data-href="__federation_expose_ShareViewer.1a2b3c4d.css">.ns-row{color:green}</style>' +
    '<style data-href="375.5e6f7a8b.css">.nb-layout{display:flex}</style>' +
    '</template>';
}

const appliedHrefs = () =>
  Array.from(document.head.querySelectorAll('style[data-href]'), (style) =>
    style.getAttribute('data-href'),
  );

describe("the start-up's CSS the page carries", () => {
  it('applies nothing while it waits in the page', () => {
    pageWithStartUpCss();
    expect(document.styleSheets).toHaveLength(1);
    expect(appliedHrefs()).toEqual([]);
  });

  it('moves into the head, in its order and after the first screen’s, when the app starts', () => {
    pageWithStartUpCss();
    applyStartUpCss(document);
    expect(appliedHrefs()).toEqual([
      '__federation_expose_ShareViewer.1a2b3c4d.css',
      '375.5e6f7a8b.css',
    ]);
    expect(document.head.firstElementChild).toHaveAttribute('data-first-screen');
    expect(document.styleSheets).toHaveLength(3);
    expect(document.getElementById(START_UP_CSS_ELEMENT_ID)).toBeNull();
  });

  it('does nothing on a page without it, or a second time', () => {
    document.head.innerHTML =
      '<style data-href="375.5e6f7a8b.css">.nb-layout{display:flex}</style>';
    document.body.innerHTML = '<div id="app"></div>';
    applyStartUpCss(document);
    applyStartUpCss(document);
    expect(appliedHrefs()).toEqual(['375.5e6f7a8b.css']);
  });
});
