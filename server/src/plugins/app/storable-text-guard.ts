import fp from 'fastify-plugin';
import { findUnstorableText } from '../../lib/storable-text';

/** Text a database cannot store, refused before any handler sees it (400, or 4000 on the API). */
class UnstorableTextError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('text must not contain NUL or unpaired surrogate characters');
  }
}

/** Query strings and JSON bodies reach the database: what it cannot store is refused, everywhere. */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      if (findUnstorableText(request.query) !== null || findUnstorableText(request.body) !== null) {
        throw new UnstorableTextError();
      }
    });
  },
  { name: 'storable-text-guard' },
);
