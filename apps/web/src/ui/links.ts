/** A site-relative path from the API (e.g. Board.url); anything else falls back to home. */
export function internalPath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

export function profilePath(username: string): string {
  return `/${encodeURIComponent(username)}/`;
}

export function pinPath(id: string): string {
  return `/pin/${encodeURIComponent(id)}/`;
}
