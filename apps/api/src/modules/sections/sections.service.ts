// Section pin feeds. A section of a board the viewer may not see is SECTION_NOT_FOUND.
import { AppError } from '@corkboard/shared/app-error';
import type { Pin } from '@corkboard/shared/api-types';
import type { Viewer } from '../../plugins/app/viewer.ts';
import { decodeIdBookmark, keysetPage, type Page } from '../../core/bookmarks.ts';
import type { ServiceDeps } from '../../core/service-deps.ts';
import type { PageRequest } from '../../core/schemas.ts';
import { serializePin } from '../../core/serializers.ts';
import { findVisibleSection, listSectionPins } from './sections.repository.ts';

export async function sectionPins(
  deps: ServiceDeps,
  viewer: Viewer | null,
  sectionId: string,
  page: PageRequest,
): Promise<Page<Pin>> {
  const beforeId = decodeIdBookmark(page.bookmark);
  const section = await findVisibleSection(deps.db, viewer, sectionId);
  if (!section) throw new AppError('SECTION_NOT_FOUND');
  const rows = await listSectionPins(deps.db, section.id, beforeId, page.pageSize + 1);
  return keysetPage(rows, page.pageSize, (row) => serializePin(deps.storage, row));
}
