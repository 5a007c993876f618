// The inlined first answers of a visitor's page (docs/decisions/207): escaped so that no text in
// an answer can end the <script> element or change how the HTML around it is read.
import { describe, expect, it } from 'vitest';
import { PAGE_DATA_ELEMENT_ID } from '@corkboard/shared/page-data';
import { escapeJsonForScript, renderPageData } from './page-meta.ts';

const HOSTILE = '</script><script>alert(1)</script><!-- & &amp; > \u2028 \u2029 "q" \\ ';

/** The element's text as the HTML parser sees it: everything up to the first `</script`. */
function elementText(html: string): string {
  const open = `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`;
  expect(html.startsWith(open)).toBe(true);
  const rest = html.slice(open.length);
  return rest.slice(0, rest.toLowerCase().indexOf('</script'));
}

describe('escapeJsonForScript', () => {
  it('turns <, >, & and the JavaScript line separators into \\u escapes', () => {
    expect(escapeJsonForScript('"a<b>c&d\u2028e\u2029"')).toBe(
      '"a\\u003cb\\u003ec\\u0026d\\u2028e\\u2029"',
    );
  });

  it('leaves text that parses to the same value', () => {
    const json = JSON.stringify({ title: HOSTILE, nested: [HOSTILE] });
    const escaped = escapeJsonForScript(json);
    expect(escaped).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual(JSON.parse(json));
  });
});

describe('renderPageData', () => {
  it('writes nothing when there is nothing to inline', () => {
    expect(renderPageData([])).toBe('');
  });

  it('writes one non-executable element, URL → answer, that hostile text cannot end', () => {
    const answer = { resource_response: { status: 'success', data: { title: HOSTILE } } };
    const html = renderPageData([
      { url: '/v3/pins/1/', body: JSON.stringify(answer) },
      { url: '/v3/boards/a&b/<c>/', body: '{"resource_response":{"data":[]}}' },
    ]);
    expect(html.endsWith('</script>')).toBe(true);
    const text = elementText(html);
    // The whole element is the server's: the first `</script` is its own end tag.
    expect(html).toBe(
      `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${text}</script>`,
    );
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual({
      '/v3/pins/1/': answer,
      '/v3/boards/a&b/<c>/': { resource_response: { data: [] } },
    });
  });
});
