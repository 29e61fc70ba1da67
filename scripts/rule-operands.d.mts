/** Types of scripts/rule-operands.mjs. */
export function operandsOf(expr: string): string[];
