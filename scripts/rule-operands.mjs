// The figures an alerting rule compares, to ask Prometheus for each of them: an alert's
// expression is a filter (`x > 0.01 and on (remote) y == 1`) that is empty while nothing is wrong,
// so "does the alert see a number" means "does each side of its comparisons". Used by the test
// of fresh instances (e2e/scale/fresh-queries.spec.ts).

/** PromQL's binary operators that compare or filter, longest first. */
const OPERATORS = ['==', '!=', '>=', '<=', '>', '<'];
const SET_OPERATORS = ['and', 'or', 'unless'];
/** What may follow an operator before its right-hand side. */
const MODIFIER = /^\s*(?:bool\b|(?:on|ignoring|group_left|group_right)\s*(?:\([^)]*\))?)\s*/;

/** The word at `index` of `text`, when it is one of `words` standing alone. */
function wordAt(text, index, words) {
  for (const word of words) {
    if (!text.startsWith(word, index)) continue;
    const before = text[index - 1] ?? ' ';
    const after = text[index + word.length] ?? ' ';
    if (!/[\w:]/.test(before) && !/[\w:]/.test(after)) return word;
  }
  return null;
}

/** Removes the modifiers (`bool`, `on (…)`, `group_left`…) at the start of an operand. */
function withoutModifiers(operand) {
  let rest = operand;
  for (let match = MODIFIER.exec(rest); match && match[0].length > 0; match = MODIFIER.exec(rest)) {
    rest = rest.slice(match[0].length);
  }
  return rest.trim();
}

/** The inside of `text` when one pair of parentheses encloses all of it; null otherwise. */
function insideParentheses(text) {
  if (!text.startsWith('(') || !text.endsWith(')')) return null;
  let depth = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '(') depth += 1;
    else if (text[index] === ')') depth -= 1;
    if (depth === 0 && index < text.length - 1) return null;
  }
  return text.slice(1, -1);
}

/**
 * The operands of `expr`'s comparisons and set operations at its top level (outside brackets,
 * braces and strings; an operand wholly in parentheses is split in turn), without their
 * modifiers and without number literals: `a > 0.01 and on (x) (b == 1)` gives `['a', 'b']`. An
 * expression with no such operator is its own one operand.
 */
export function operandsOf(expr) {
  const operands = [];
  let depth = 0;
  let quote = null;
  let start = 0;
  for (let index = 0; index < expr.length; index += 1) {
    const char = expr[index];
    if (quote) {
      if (char === '\\') index += 1;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') quote = char;
    else if ('([{'.includes(char)) depth += 1;
    else if (')]}'.includes(char)) depth -= 1;
    if (depth > 0 || quote) continue;
    const operator =
      OPERATORS.find((candidate) => expr.startsWith(candidate, index)) ??
      wordAt(expr, index, SET_OPERATORS);
    if (!operator) continue;
    operands.push(expr.slice(start, index));
    index += operator.length - 1;
    start = index + 1;
  }
  operands.push(expr.slice(start));
  return operands
    .map(withoutModifiers)
    .flatMap((operand) => {
      const inside = insideParentheses(operand);
      return inside === null ? [operand] : operandsOf(inside);
    })
    .filter((operand) => operand !== '' && !/^-?[\d.]+(?:e-?\d+)?$/i.test(operand));
}
