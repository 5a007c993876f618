// The create page's `action` parameter (saving.md §2.1 "an action parameter also exists";
// §9 "Actions: create, repin"; docs/decisions/133): create (the default) makes a new pin from
// the query's media or url; repin saves an existing pin of ours, named by `pin_id` or by a url
// that is one of our own pin pages.
import { ownPinIdFromUrl } from './paths.ts';

export const PIN_CREATE_ACTIONS = ['create', 'repin'] as const;
export type PinCreateAction = (typeof PIN_CREATE_ACTIONS)[number];

export type CreateActionQuery =
  | { readonly action: 'create' }
  | { readonly action: 'repin'; readonly pinId: string }
  /** An action that does not exist, or repin without a pin of ours. */
  | { readonly action: 'invalid' };

const PIN_ID = /^[1-9][0-9]{0,18}$/;

export function readCreateAction(search: string, origin: string): CreateActionQuery {
  const params = new URLSearchParams(search);
  const action = params.get('action')?.trim() ?? '';
  if (action === '' || action === 'create') return { action: 'create' };
  if (action !== 'repin') return { action: 'invalid' };
  const pinId = params.get('pin_id')?.trim() ?? '';
  if (PIN_ID.test(pinId)) return { action: 'repin', pinId };
  const fromUrl = ownPinIdFromUrl(params.get('url'), origin);
  return fromUrl ? { action: 'repin', pinId: fromUrl } : { action: 'invalid' };
}
