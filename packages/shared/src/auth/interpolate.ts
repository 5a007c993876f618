// Fills i18next-style `{{name}}` placeholders. The copy constants keep the placeholder form so
// the web can hand them to i18next as default values; the server and the validators need the
// finished sentence without pulling i18next into packages/shared.

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Replaces each `{{name}}` with `values[name]`; unknown placeholders are left as they are. */
export function interpolate(
  template: string,
  values: Readonly<Record<string, string | number>>,
): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
