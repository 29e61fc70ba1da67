import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cssUsedBy, parseScreenCss, selectorMayMatch } from '../page-assembly/used-css';

// The first screen's CSS cut to what its markup can use (page-assembly/used-css.ts): a rule goes
// only when no element of the screen can match it, whatever the visitor does before the app runs.

const cut = (css: string, markup: string) => cssUsedBy(markup, [parseScreenCss(css)]);

describe("the first screen's CSS cut to its markup", () => {
  it('keeps the rules of the classes the markup has, as written, and drops the others', () => {
    const css =
      '.row{padding:8px}.row__name{font-weight:600}.extract{margin:0}/* keep */.dialog .title{font-size:20px}';
    const markup =
      '<ul class="list"><li class="row"><span class="row__name">a.jpg</span></li></ul>';
    assert.equal(cut(css, markup), '.row{padding:8px}.row__name{font-weight:600}/* keep */');
  });

  it('keeps what matches without a class, and what may match once the visitor acts', () => {
    const css = [
      ':root{--text:#0f172a}',
      'body{margin:0}',
      // The tap keeper marks a tapped control with this attribute before the app runs.
      '[data-tap-kept]{opacity:.6}',
      '.row:hover{background:#eee}',
      '.row:focus-visible::after{outline:2px solid}',
      'input[type="checkbox"]:checked{accent-color:blue}',
      '.row:not(.row--selected){border:0}',
      '.toolbar:is(.row, .absent) .name{color:red}',
      'a[href$=".pdf"]{color:red}',
      '@keyframes spin{from{transform:rotate(0)}to{transform:rotate(1turn)}}',
    ].join('');
    assert.equal(
      cut(css, '<div class="row"><p class="name">x</p></div>'),
      css.replace(/\.toolbar[^}]*}/, ''),
    );
  });

  it('keeps a rule when one of its selectors can match, and needs every class of a selector', () => {
    assert.equal(cut('.absent,.row{color:red}', '<p class="row">'), '.absent,.row{color:red}');
    assert.equal(cut('.list .row{color:red}', '<p class="row">'), '');
    assert.equal(cut('.row.row--selected{color:red}', '<p class="row">'), '');
    assert.equal(
      cut('.row.row--selected{color:red}', '<p class="x row--selected  row">'),
      '.row.row--selected{color:red}',
    );
  });

  it('drops an at-rule left empty and keeps one with a rule left', () => {
    const css =
      '@media (min-width:768px){.dialog{width:480px}}@media (min-width:768px){.row{height:64px}.dialog{top:0}}@supports (gap:1px){@media print{.dialog{color:red}}}';
    assert.equal(cut(css, '<li class="row">'), '@media (min-width:768px){.row{height:64px}}');
  });

  it("cuts each build's CSS, in the builds' order", () => {
    const frame = parseScreenCss('.frame{color:red}.topbar{height:56px}');
    const viewer = parseScreenCss('.list{color:blue}.extract{margin:0}');
    assert.equal(
      cssUsedBy('<div class="frame"><ul class="list"></ul></div>', [frame, viewer]),
      '.frame{color:red}\n.list{color:blue}',
    );
    // The same markup again is answered from what was cut; another one is cut anew.
    assert.equal(
      cssUsedBy('<div class="frame"><ul class="list"></ul></div>', [frame, viewer]),
      '.frame{color:red}\n.list{color:blue}',
    );
    assert.equal(cssUsedBy('<form class="extract">', [frame, viewer]), '\n.extract{margin:0}');
    assert.equal(frame.cuts.size, 2);
    // Classes no selector names change nothing: a page of other file types is not cut again.
    cssUsedBy('<div class="frame" ><ul class="list type-pdf"></ul></div>', [frame, viewer]);
    assert.deepEqual([frame.cuts.size, viewer.cuts.size], [2, 2]);
  });

  it("reads a selector's classes outside strings and brackets, and one of each :is()'s", () => {
    const classes = new Set(['a', 'b-c__d', 'row']);
    const mayMatch = (selector: string) => selectorMayMatch(selector, classes);
    assert.equal(mayMatch('.a > .b-c__d:hover::before'), true);
    assert.equal(mayMatch('.a .absent'), false);
    assert.equal(mayMatch('.a:not(.absent) [data-x=".absent"]'), true);
    assert.equal(mayMatch('button[aria-label="a.absent"]'), true);
    assert.equal(mayMatch(':where(.dialog)'), false);
    assert.equal(mayMatch(':where(.dialog, .row)'), true);
    assert.equal(mayMatch('.a:is(.absent, :where(.b-c__d))'), true);
    assert.equal(mayMatch('.a:has(> .absent)'), false);
    assert.equal(mayMatch(':nth-child(2n of .absent)'), true);
    // A class name with an escape: the rule is kept rather than read wrongly.
    assert.equal(mayMatch('.w-1\\/2'), true);
  });
});
