import { carryJsonInPage } from '../../testing/json-in-page';
import { readJsonInPage } from './json-in-page';

describe('readJsonInPage', () => {
  afterEach(() => document.body.replaceChildren());

  it('reads the JSON of the element the server wrote', () => {
    carryJsonInPage('share-answers', '{"share_code":"demo-public","info":{"id":1}}');
    expect(readJsonInPage('share-answers')).toEqual({
      share_code: 'demo-public',
      info: { id: 1 },
    });
    expect(readJsonInPage('share-answers', document)).toEqual(readJsonInPage('share-answers'));
  });

  it('answers null for a missing, empty or broken element', () => {
    expect(readJsonInPage('share-answers')).toBeNull();
    carryJsonInPage('share-answers', '');
    expect(readJsonInPage('share-answers')).toBeNull();
    carryJsonInPage('share-answers', '{"share_code":');
    expect(readJsonInPage('share-answers')).toBeNull();
  });
});
