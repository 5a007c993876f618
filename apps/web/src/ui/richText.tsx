// Copy with links inside, kept whole in the catalogue so translators see the sentence:
// "Already a member? <link>Log in</link>". Each `<name>text</name>` is rendered by the matching
// function; unknown or unclosed tags stay as text. No nesting (the copy never needs it).
import { Fragment, type ReactNode } from 'react';

const TAG = /<([a-zA-Z]+)>(.*?)<\/\1>/g;

export function richText(
  template: string,
  renderers: Readonly<Record<string, (children: string) => ReactNode>>,
): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    const [whole, name = '', inner = ''] = match;
    const render = renderers[name];
    if (!render) continue;
    if (match.index > last) parts.push(template.slice(last, match.index));
    parts.push(<Fragment key={`${name}-${match.index}`}>{render(inner)}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return parts;
}
