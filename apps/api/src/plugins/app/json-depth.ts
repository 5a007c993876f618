// How deeply a parsed JSON value nests, measured without recursion (a recursive walk is exactly
// what a hostile 100 000-level body is meant to overflow).

/** No request body of ours nests deeper than this; Better Auth's bodies are flat objects. */
export const MAX_JSON_DEPTH = 32;

/** True when `value` nests deeper than `max` arrays/objects. Iterative: safe on any depth. */
export function exceedsJsonDepth(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item || item.value === null || typeof item.value !== 'object') continue;
    const depth = item.depth + 1;
    if (depth > max) return true;
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth });
    }
  }
  return false;
}
