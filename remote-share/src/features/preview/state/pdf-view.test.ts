import { fitScale, nextZoom, PDF_MAX_FIT_WIDTH, stepPage } from './pdf-view';

describe('a PDF page on screen', () => {
  it('fits the page to a phone, keeping a margin at each side', () => {
    expect(fitScale(412, 595) * 595).toBeCloseTo(412 - 32);
  });

  it('never fits a page wider than a comfortable reading width', () => {
    expect(fitScale(1366, 595) * 595).toBeCloseTo(PDF_MAX_FIT_WIDTH);
  });

  it('zooms through its levels and stops at either end', () => {
    expect(nextZoom(1, 'in')).toBe(1.25);
    expect(nextZoom(1, 'out')).toBe(0.75);
    expect(nextZoom(3, 'in')).toBe(3);
    expect(nextZoom(0.5, 'out')).toBe(0.5);
  });

  it('steps between pages without leaving the document', () => {
    expect(stepPage(1, 1, 2)).toBe(2);
    expect(stepPage(2, 1, 2)).toBe(2);
    expect(stepPage(1, -1, 2)).toBe(1);
  });
});
