// The embedded captcha's browser half, loaded on first use (its own chunk): solves the server's
// ALTCHA v2 challenge with WebCrypto SHA-256 and packs the answer the way the server reads it,
// base64(JSON {challenge, solution}) (apps/api/src/plugins/captcha/altcha.ts).
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

function isChallenge(value: unknown): value is Challenge {
  if (typeof value !== 'object' || value === null || !('parameters' in value)) return false;
  const parameters = value.parameters;
  return (
    typeof parameters === 'object' &&
    parameters !== null &&
    'nonce' in parameters &&
    'salt' in parameters &&
    'algorithm' in parameters &&
    'keyPrefix' in parameters
  );
}

export async function solveAltchaChallenge(challenge: unknown, timeoutMs: number): Promise<string> {
  if (!isChallenge(challenge)) throw new Error('The captcha challenge is not an ALTCHA challenge');
  const solution = await solveChallenge({ challenge, deriveKey, timeout: timeoutMs });
  if (!solution) throw new Error('The captcha challenge was not solved in time');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution: { counter: solution.counter, derivedKey: solution.derivedKey },
  };
  // JSON of hex strings and numbers is ASCII, so btoa is safe.
  return btoa(JSON.stringify(payload));
}
