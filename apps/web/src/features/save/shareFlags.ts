// §3 "share_facebook and share_twitter (sent only when the board is not secret; both default
// false)". Nothing is posted anywhere: the flags are only what the request carries.
//
// The same rule as the shared shareFlagsForBoard (shareFlags.test.ts holds them equal), restated
// here because its module builds the zod schemas at import: importing it would put zod (~40 kB
// gzip) into the saving chunk for one line of logic.
import type { BoardPrivacy } from '@corkboard/shared/api-types';

export function shareFlags(privacy: BoardPrivacy): {
  share_facebook?: boolean;
  share_twitter?: boolean;
} {
  if (privacy === 'secret') return {};
  return { share_facebook: false, share_twitter: false };
}
