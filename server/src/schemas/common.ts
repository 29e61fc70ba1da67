/** JSON-schema building blocks shared by the API routes. */
export const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const extractCode = { type: 'string', maxLength: 16 } as const;

export function body(
  properties: Record<string, object>,
  required: string[] = Object.keys(properties),
) {
  return { type: 'object', additionalProperties: false, properties, required } as const;
}

/** A call that takes no fields: an empty object (a missing body reads as one). */
export const emptyBody = { body: body({}, []) } as const;

/** `{current_page, page_size}`: pages count from 1. */
export function pageRequest(maxPageSize: number) {
  return body({
    current_page: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    page_size: { type: 'integer', minimum: 1, maximum: maxPageSize },
  });
}
