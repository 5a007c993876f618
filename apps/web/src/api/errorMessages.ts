// What the saving surfaces show for a failed request (saving.md §8). Null means "no server
// sentence to show": the caller falls back to its own copy ('Uh oh! Something went wrong.').
import { ApiError, NETWORK_ERROR_CODE } from './client.ts';

/**
 * §8 pin save and section create: "the server's message_detail or message". A request that got
 * no answer carries the browser's own text ("Failed to fetch"), which is not ours to show.
 */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code === NETWORK_ERROR_CODE) return null;
  const detail = error.detail?.trim();
  if (detail) return detail;
  const message = error.message.trim();
  return message || null;
}

/**
 * §8 board creation: "a string error is shown as is, otherwise message joined with
 * message_detail". The name errors repeat the sentence in both fields; it is said once.
 */
export function boardCreateErrorMessage(error: unknown): string | null {
  if (typeof error === 'string') return error.trim() || null;
  if (!(error instanceof ApiError) || error.code === NETWORK_ERROR_CODE) return null;
  const parts: string[] = [];
  for (const part of [error.message, error.detail]) {
    const text = part?.trim();
    if (text && !parts.includes(text)) parts.push(text);
  }
  return parts.length > 0 ? parts.join(' ') : null;
}
