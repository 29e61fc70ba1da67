import { createPageTitle } from './page-title';

it('shows the product name, the file name during a preview, then the product name again', () => {
  const page = createPageTitle('Nimbus');
  expect(document.title).toBe('Nimbus');
  page.setTitle('holiday.mp4');
  expect(document.title).toBe('holiday.mp4');
  page.setTitle(null);
  expect(document.title).toBe('Nimbus');
});
