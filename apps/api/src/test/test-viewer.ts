// Acting as anyone in API tests: a viewer resolver driven by a test-only header.
import type { ViewerResolver } from '../plugins/app/viewer.ts';

export const TEST_VIEWER_HEADER = 'x-test-viewer';

/** Acts as the user whose id is in X-Test-Viewer; a visitor without it. Tests only. */
export const testViewerResolver: ViewerResolver = (request) => {
  const id = request.headers[TEST_VIEWER_HEADER];
  return typeof id === 'string' && /^[0-9]+$/.test(id) ? { id } : null;
};

/** The headers that make a request come from `user` (none for a visitor). */
export function as(user: { id: string } | null): Record<string, string> {
  return user === null ? {} : { [TEST_VIEWER_HEADER]: user.id };
}
