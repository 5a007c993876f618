// The signed-in check every "signed-in only" route and resource verb makes before it reads any
// input, so a visitor always learns UNAUTHORIZED and nothing about the input rules.
import { AppError } from '@corkboard/shared/app-error';
import type { Viewer } from '../plugins/app/viewer.ts';

/** The viewer, or 401 UNAUTHORIZED for a visitor. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (viewer === null) throw new AppError('UNAUTHORIZED');
  return viewer;
}
