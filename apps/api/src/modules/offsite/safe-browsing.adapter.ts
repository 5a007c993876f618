// The URL-reputation adapter: Google Safe Browsing Lookup API v4 (`POST
// /v4/threatMatches:find?key=`), at `config.providers.safeBrowsing.url` (the real host in
// production, @corkboard/dev-peers' stand-in locally). The configured URL is trusted, so plain
// fetch; the answer is parsed strictly and anything unexpected is a failure, never a verdict.
import { z } from 'zod';
import type { SafeBrowsingProviderConfig } from '../../config/providers.ts';

/** Not in the spec: how long one lookup may take before the check goes on without it. */
export const SAFE_BROWSING_TIMEOUT_MS = 3_000;
/** The threat lists we ask about: everything the Lookup API has for URLs. */
export const SAFE_BROWSING_THREAT_TYPES = [
  'MALWARE',
  'SOCIAL_ENGINEERING',
  'UNWANTED_SOFTWARE',
  'POTENTIALLY_HARMFUL_APPLICATION',
] as const;
const CLIENT = { clientId: 'corkboard', clientVersion: '1.0.0' };

const findAnswerSchema = z.object({
  matches: z
    .array(
      z.object({
        threatType: z.string(),
        threat: z.object({ url: z.string() }).optional(),
        cacheDuration: z.string().optional(),
      }),
    )
    .optional(),
});

export interface SafeBrowsingMatch {
  threatType: string;
  /** How long the service says the match may be cached, in ms (from e.g. `"300s"`). */
  cacheDurationMs: number | undefined;
}

export class SafeBrowsingUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SafeBrowsingUnavailableError';
  }
}

/** `"300s"` or `"1.5s"` → milliseconds; undefined for anything else. */
export function parseCacheDuration(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^(\d+(?:\.\d+)?)s$/.exec(value);
  return match?.[1] === undefined ? undefined : Math.round(Number(match[1]) * 1000);
}

/**
 * The threat matches for one URL (empty when clean). Throws SafeBrowsingUnavailableError when the
 * service cannot answer (network, timeout, non-2xx, unexpected body).
 */
export async function lookupUrl(
  provider: SafeBrowsingProviderConfig,
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SafeBrowsingMatch[]> {
  const endpoint = new URL(`${provider.url}/v4/threatMatches:find`);
  endpoint.searchParams.set('key', provider.apiKey);
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client: CLIENT,
        threatInfo: {
          threatTypes: SAFE_BROWSING_THREAT_TYPES,
          platformTypes: ['ANY_PLATFORM'],
          threatEntryTypes: ['URL'],
          threatEntries: [{ url }],
        },
      }),
      signal: AbortSignal.timeout(SAFE_BROWSING_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new SafeBrowsingUnavailableError('Safe Browsing did not answer', { cause });
  }
  if (!response.ok) {
    // The body names the problem (a wrong key, quota); it never carries the key itself.
    await response.body?.cancel();
    throw new SafeBrowsingUnavailableError(`Safe Browsing answered HTTP ${response.status}`);
  }
  let parsed: z.output<typeof findAnswerSchema>;
  try {
    parsed = findAnswerSchema.parse(await response.json());
  } catch (cause) {
    throw new SafeBrowsingUnavailableError('Safe Browsing answered something unexpected', {
      cause,
    });
  }
  return (parsed.matches ?? []).map((match) => ({
    threatType: match.threatType,
    cacheDurationMs: parseCacheDuration(match.cacheDuration),
  }));
}
