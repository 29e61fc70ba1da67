/** Types of scripts/post-from.mjs. */
export function postFrom(
  site: string,
  localAddress: string,
  route: string,
  body: unknown,
): Promise<{ status: number; envelope: unknown; ms: number }>;
