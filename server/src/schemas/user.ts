import { body } from './common';

export const loginSchema = {
  body: body({ third_token: { type: 'string', minLength: 1, maxLength: 8192 } }),
} as const;

export const productListSchema = {
  body: body({ app_id: { type: 'integer', enum: [1, 2] } }),
} as const;
