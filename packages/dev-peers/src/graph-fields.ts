// The Graph API `fields` parameter: a comma-separated list whose items may carry modifiers and
// nested selections, e.g. `id,picture.type(large),friends.limit(5){name}`.

export interface GraphField {
  readonly name: string;
  /** `.key(value)` modifiers, e.g. `{ type: 'large' }`. */
  readonly modifiers: Readonly<Record<string, string>>;
  /** The `{…}` nested selection, unparsed. */
  readonly nested?: string;
}

/** Splits at commas outside parentheses and braces. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '(' || character === '{') depth++;
    if (character === ')' || character === '}') depth = Math.max(0, depth - 1);
    if (character === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

export function parseGraphFields(text: string): GraphField[] {
  return splitTopLevel(text).map((item) => {
    const nestedStart = item.indexOf('{');
    const nested =
      nestedStart >= 0 ? item.slice(nestedStart + 1, item.lastIndexOf('}')) : undefined;
    const head = nestedStart >= 0 ? item.slice(0, nestedStart) : item;
    const [name = '', ...rest] = head.split('.');
    const modifiers: Record<string, string> = {};
    for (const modifier of rest) {
      const found = /^(\w+)\(([^)]*)\)$/.exec(modifier.trim());
      if (found?.[1]) modifiers[found[1]] = found[2] ?? '';
    }
    return { name: name.trim(), modifiers, ...(nested !== undefined ? { nested } : {}) };
  });
}
