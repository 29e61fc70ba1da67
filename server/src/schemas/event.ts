import { body } from './common';

export const eventReportSchema = {
  body: body({
    event_name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' },
    content: { type: 'string', maxLength: 8192 },
    sign: { type: 'string', minLength: 1, maxLength: 64 },
  }),
} as const;
