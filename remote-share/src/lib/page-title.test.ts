import { createPageTitles } from './page-title';

describe("the viewer's title layers", () => {
  it("shows a preview's title above the screen's, and the screen's again when it closes", () => {
    const shown: (string | null)[] = [];
    const titles = createPageTitles({
      setTitle: (title) => shown.push(title),
      setLanguage: () => {},
    });
    titles.set('screen', 'Photos · Nimbus');
    titles.set('preview', 'beach.jpg');
    titles.set('screen', 'Summer · Nimbus');
    titles.set('preview', null);
    titles.set('screen', null);
    expect(shown).toEqual([
      'Photos · Nimbus',
      'beach.jpg',
      // A screen that changes under an open preview leaves the preview's title in place.
      'beach.jpg',
      'Summer · Nimbus',
      // No screen: the host's own title, the product's name.
      null,
    ]);
  });
});
