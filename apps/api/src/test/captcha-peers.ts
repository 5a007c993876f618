// Test peers for the captcha suites (not a test file, so importing it registers no tests):
// solving ALTCHA challenges as the page does, and a loopback reCAPTCHA Enterprise stand-in.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/** What the page does: fetch a challenge, solve it, send base64(JSON {challenge, solution}). */
export async function solvedToken(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface AssessmentRequest {
  path: string;
  body: { event: Record<string, string> };
}

/**
 * A stand-in for recaptchaenterprise.googleapis.com. The token decides the answer:
 * `good:<action>`, `low:<action>`, `invalid`, `expired`, `error`.
 */
export async function startAssessmentServer(): Promise<{
  server: Server;
  url: string;
  requests: AssessmentRequest[];
}> {
  const requests: AssessmentRequest[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      raw += chunk;
    });
    request.on('end', () => {
      const body = JSON.parse(raw) as AssessmentRequest['body'];
      requests.push({ path: request.url ?? '', body });
      const [kind = '', action = ''] = (body.event['token'] ?? '').split(':');
      if (kind === 'error') {
        response.writeHead(500).end('{"error":{"code":500}}');
        return;
      }
      const valid = kind === 'good' || kind === 'low';
      const answer = {
        name: 'projects/123/assessments/abc',
        event: body.event,
        riskAnalysis: { score: kind === 'low' ? 0.1 : 0.9, reasons: [] },
        tokenProperties: {
          valid,
          invalidReason: valid
            ? 'INVALID_REASON_UNSPECIFIED'
            : kind === 'expired'
              ? 'EXPIRED'
              : 'MALFORMED',
          hostname: 'corkboard.test',
          action,
          createTime: new Date().toISOString(),
        },
      };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, requests };
}
