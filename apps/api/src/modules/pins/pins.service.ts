// Single pins. A pin on a board the viewer may not see is PIN_NOT_FOUND, exactly like a pin
// that does not exist. The answer carries the link domain and its official user (PinDetail).
import { AppError } from '@corkboard/shared/app-error';
import type { PinDetail } from '@corkboard/shared/api-types';
import type { Viewer } from '../../plugins/app/viewer.ts';
import type { ServiceDeps } from '../../core/service-deps.ts';
import { serializePinDetail } from '../../core/serializers.ts';
import { findVisiblePin } from './pins.repository.ts';

export async function getPin(
  deps: ServiceDeps,
  viewer: Viewer | null,
  pinId: string,
): Promise<PinDetail> {
  const row = await findVisiblePin(deps.db, viewer, pinId);
  if (!row) throw new AppError('PIN_NOT_FOUND');
  return serializePinDetail(deps.storage, row);
}
