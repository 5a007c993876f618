// HTML for the peers' pages: an escaping template tag and one accessible page layout. Every page
// says, before anything else, that it is a development stand-in and not the real provider.

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Markup that is already safe; only `html` and `rawHtml` make one. */
export class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

export function rawHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number' || typeof value === 'boolean')
    return value === false ? '' : String(value);
  if (value === null || value === undefined) return '';
  throw new TypeError('html: interpolate strings, numbers, SafeHtml or arrays of them');
}

/** Template tag: interpolated values are escaped unless they are SafeHtml (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * Template tag for inline scripts. Interpolations must already be safe (scriptJson, rawHtml).
 * Scripts do not use `html`: code formatters reflow `html` templates as markup.
 */
export function js(strings: TemplateStringsArray, ...values: SafeHtml[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += value.value + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

/**
 * JSON for a <script> element: `<`, `>` and `&` escaped so that no string can close the element;
 * U+2028/2029 escaped for older parsers.
 */
export function scriptJson(value: unknown): SafeHtml {
  return rawHtml(
    JSON.stringify(value)
      .replace(/</g, '\\u003c')
      .replace(/>/g, '\\u003e')
      .replace(/&/g, '\\u0026')
      .replace(/\u2028/g, '\\u2028')
      .replace(/\u2029/g, '\\u2029'),
  );
}

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1b1b1b; background: #f4f4f5; }
.dev-banner { background: #5c2d00; color: #fff; padding: 0.75rem 1rem; }
.dev-banner p { margin: 0; }
main { max-width: 34rem; margin: 1.5rem auto; background: #fff; border: 1px solid #c9c9cf; border-radius: 8px; padding: 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.5rem; }
h2 { font-size: 1.125rem; margin: 1.5rem 0 0.5rem; }
ul.choices { list-style: none; padding: 0; margin: 1rem 0; }
ul.choices li { border-top: 1px solid #d4d4d8; padding: 0.75rem 0; }
ul.choices li:last-child { border-bottom: 1px solid #d4d4d8; }
.choice { display: flex; align-items: center; gap: 0.75rem; flex-wrap: wrap; }
.choice img { border-radius: 50%; flex: none; }
.who { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
.who span { display: block; }
.detail { color: #4a4a52; font-size: 0.875rem; }
button { font: inherit; padding: 0.5rem 1rem; border-radius: 6px; border: 2px solid #0b4fb3; background: #0b4fb3; color: #fff; cursor: pointer; }
button.secondary { background: #fff; color: #0b4fb3; }
button:hover { background: #083b86; border-color: #083b86; color: #fff; }
:focus-visible { outline: 3px solid #c24e00; outline-offset: 2px; }
label { display: block; margin: 0.75rem 0 0.25rem; font-weight: 600; }
label.inline { display: flex; gap: 0.5rem; align-items: center; font-weight: 400; }
input[type=text], input[type=email], input[type=date], input[type=tel] { font: inherit; width: 100%; padding: 0.5rem; border: 1px solid #6b6b73; border-radius: 6px; }
fieldset { border: 1px solid #c9c9cf; border-radius: 6px; margin: 1rem 0; padding: 0.5rem 1rem 1rem; }
.actions { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1rem; }
.error { color: #a00; font-weight: 600; }
code { overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; font-size: 0.875rem; }
th, td { text-align: left; border-bottom: 1px solid #d4d4d8; padding: 0.375rem; vertical-align: top; overflow-wrap: anywhere; }
@media (prefers-reduced-motion: reduce) { * { transition: none !important; animation: none !important; } }
`;

export interface PageOptions {
  /** The document title. */
  readonly title: string;
  /** The banner line, e.g. "Development identity provider — not Google". */
  readonly banner: string;
  readonly body: SafeHtml;
  /** An inline script run at the end of the body (already safe). */
  readonly script?: SafeHtml;
}

export function renderPage({ title, banner, body, script }: PageOptions): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="dev-banner"><p><strong>${escapeHtml(banner)}</strong></p><p>A local stand-in for development and tests. No real account or payment is involved.</p></header>
<main>
${body.value}
</main>
${script ? `<script>${script.value}</script>` : ''}
</body>
</html>
`;
}
