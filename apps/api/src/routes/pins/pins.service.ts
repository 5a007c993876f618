// Single pins. A pin on a board the viewer may not see is PIN_NOT_FOUND, exactly like a pin
// that does not exist.
import { AppError } from '@corkboard/shared/app-error';
import type { Pin } from '@corkboard/shared/api-types';
import type { Viewer } from '../../plugins/app/viewer.ts';
import type { ServiceDeps } from '../deps.ts';
import { serializePin } from '../serializers.ts';
import { findVisiblePin } from './pins.repository.ts';

export async function getPin(
  deps: ServiceDeps,
  viewer: Viewer | null,
  pinId: string,
): Promise<Pin> {
  const row = await findVisiblePin(deps.db, viewer, pinId);
  if (!row) throw new AppError('PIN_NOT_FOUND');
  return serializePin(deps.storage, row);
}
