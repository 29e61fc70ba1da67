import { body } from './common';

const url = { type: 'string', minLength: 1, maxLength: 2048 } as const;

export const authUrlSchema = {
  body: body({ redirect_uri: url, addon_state: { type: 'string', maxLength: 512 } }),
} as const;

export const oauthCallbackSchema = {
  body: body({
    code: { type: 'string', minLength: 1, maxLength: 2048 },
    state: { type: 'string', minLength: 1, maxLength: 4096 },
    // The app user id from the bridge; the app may hand it over as a string.
    user_id: {
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 2147483647 },
        { type: 'string', pattern: '^[1-9][0-9]{0,9}$' },
      ],
    },
    activity_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    redirect_uri: url,
  }),
} as const;
