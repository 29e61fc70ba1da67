import { readJsonInPage } from './json-in-page';

/** A page with a JSON script element `id` holding `text`. */
function carry(id: string, text: string) {
  document.body.innerHTML = `<script type="application/json" id="${id}">${text}</script>`;
}

describe('readJsonInPage', () => {
  afterEach(() => document.body.replaceChildren());

  it('reads the JSON of the element the server wrote', () => {
    carry('share-answers', '{"share_code":"demo-public","info":{"id":1}}');
    expect(readJsonInPage('share-answers')).toEqual({
      share_code: 'demo-public',
      info: { id: 1 },
    });
    expect(readJsonInPage('share-answers', document)).toEqual(readJsonInPage('share-answers'));
  });

  it('answers null for a missing, empty or broken element', () => {
    expect(readJsonInPage('share-answers')).toBeNull();
    carry('share-answers', '');
    expect(readJsonInPage('share-answers')).toBeNull();
    carry('share-answers', '{"share_code":');
    expect(readJsonInPage('share-answers')).toBeNull();
  });
});
