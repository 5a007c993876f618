// Board and section slugs: lowercase ASCII, every run of other characters becomes one '-',
// no '-' at either end. Accents are folded first so "Crème brûlée" reads "creme-brulee".
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
