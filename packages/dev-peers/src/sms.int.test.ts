// The Twilio-shaped SMS peer from Node: sending, auth, validation and magic-number errors,
// fetching and listing, signed status callbacks, and the outbox helpers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEV_TWILIO } from './credentials.ts';
import { smsSegments, startSmsPeer, twilioSignature, type SmsPeer } from './sms.ts';

let peer: SmsPeer;
const messagesPath = `/2010-04-01/Accounts/${DEV_TWILIO.accountSid}/Messages.json`;
const basic = (sid: string, token: string) =>
  `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
const auth = basic(DEV_TWILIO.accountSid, DEV_TWILIO.authToken);

beforeAll(async () => {
  peer = await startSmsPeer({
    accounts: [
      {
        accountSid: DEV_TWILIO.accountSid,
        authToken: DEV_TWILIO.authToken,
        phoneNumbers: ['+15017122661'],
        messagingServiceSids: [DEV_TWILIO.messagingServiceSid],
      },
      {
        accountSid: 'AC00000000000000000000000000beef',
        authToken: 'other-token',
        phoneNumbers: [],
        messagingServiceSids: [],
      },
    ],
  });
});

afterAll(async () => {
  await peer.stop();
});

async function send(
  fields: Record<string, string>,
  authorization: string | null = auth,
  path = messagesPath,
) {
  const response = await fetch(`${peer.url}${path}`, {
    method: 'POST',
    headers: {
      ...(authorization ? { authorization } : {}),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('sending', () => {
  test('201 with the message resource, queued, and the message in the outbox', async () => {
    const to = '+15551230001';
    const waiting = peer.waitForMessage({ to });
    const sent = await send({
      To: to,
      From: DEV_TWILIO.fromNumber,
      Body: 'Your Corkboard code is 123456',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      account_sid: DEV_TWILIO.accountSid,
      api_version: '2010-04-01',
      body: 'Your Corkboard code is 123456',
      direction: 'outbound-api',
      error_code: null,
      from: DEV_TWILIO.fromNumber,
      messaging_service_sid: null,
      num_segments: '1',
      status: 'queued',
      to,
      date_sent: null,
    });
    expect(sent.body.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(sent.body.uri).toBe(
      `/2010-04-01/Accounts/${DEV_TWILIO.accountSid}/Messages/${String(sent.body.sid)}.json`,
    );
    expect(sent.body.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    const received = await waiting;
    expect(received).toMatchObject({ sid: sent.body.sid, body: 'Your Corkboard code is 123456' });

    const fetched = await fetch(
      `${peer.url}/2010-04-01/Accounts/${DEV_TWILIO.accountSid}/Messages/${String(sent.body.sid)}.json`,
      {
        headers: { authorization: auth },
      },
    );
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toMatchObject({ sid: sent.body.sid, to });
  });

  test('a Messaging Service sender is accepted without From', async () => {
    const sent = await send({
      To: '+15551230002',
      MessagingServiceSid: DEV_TWILIO.messagingServiceSid,
      Body: 'hi',
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      status: 'accepted',
      from: null,
      messaging_service_sid: DEV_TWILIO.messagingServiceSid,
    });
  });

  test('401 without or with wrong credentials; 404 for another account path', async () => {
    const none = await send({ To: '+15551230003', From: DEV_TWILIO.fromNumber, Body: 'x' }, null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Basic realm="Twilio API"');
    expect(none.body).toMatchObject({
      code: 20003,
      status: 401,
      more_info: `${peer.url}/docs/errors/20003`,
    });
    const wrong = await send(
      { To: '+15551230003', From: DEV_TWILIO.fromNumber, Body: 'x' },
      basic(DEV_TWILIO.accountSid, 'nope'),
    );
    expect(wrong.body).toEqual({
      code: 20003,
      message: 'Authenticate',
      detail: 'Your AccountSid or AuthToken was incorrect.',
      more_info: `${peer.url}/docs/errors/20003`,
      status: 401,
    });
    const other = await send(
      { To: '+15551230003', From: DEV_TWILIO.fromNumber, Body: 'x' },
      basic('AC00000000000000000000000000beef', 'other-token'),
    );
    expect(other.status).toBe(404);
    expect(other.body.code).toBe(20404);
  });

  test.each([
    [{ From: DEV_TWILIO.fromNumber, Body: 'x' }, 21604, "A 'To' phone number is required."],
    [
      { To: '555-1234', From: DEV_TWILIO.fromNumber, Body: 'x' },
      21211,
      "The 'To' number 555-1234 is not a valid phone number.",
    ],
    [
      { To: '+15551230004', Body: 'x' },
      21603,
      "A 'From' or 'MessagingServiceSid' parameter is required to send a message.",
    ],
    [
      { To: '+15551230004', From: DEV_TWILIO.fromNumber, Body: ' ' },
      21602,
      'Message body is required.',
    ],
    [
      { To: '+15551230004', From: DEV_TWILIO.fromNumber, Body: 'x'.repeat(1601) },
      21617,
      'The concatenated message body exceeds the 1600 character limit.',
    ],
    [
      { To: '+15551230004', From: '+14155550100', Body: 'x' },
      21606,
      'The From phone number +14155550100 is not a valid, SMS-capable inbound phone number or short code for your account.',
    ],
    [
      { To: '+15005550001', From: DEV_TWILIO.fromNumber, Body: 'x' },
      21211,
      "The 'To' number +15005550001 is not a valid phone number.",
    ],
    [
      { To: '+15005550002', From: DEV_TWILIO.fromNumber, Body: 'x' },
      21612,
      "The 'To' phone number is not currently reachable via SMS.",
    ],
    [
      { To: '+15005550003', From: DEV_TWILIO.fromNumber, Body: 'x' },
      21408,
      "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +15005550003.",
    ],
    [
      { To: '+15005550004', From: DEV_TWILIO.fromNumber, Body: 'x' },
      21610,
      'Attempt to send to unsubscribed recipient',
    ],
    [
      { To: '+15551230004', From: '+15005550001', Body: 'x' },
      21212,
      "The 'From' number +15005550001 is not a valid phone number, shortcode, or alphanumeric sender ID.",
    ],
    [
      { To: '+15551230004', MessagingServiceSid: 'MG0000', Body: 'x' },
      21701,
      'The Messaging Service Sid MG0000 is invalid.',
    ],
  ])('400 %j → %i', async (fields, code, message) => {
    const before = peer.messages().length;
    const sent = await send(fields);
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      code,
      message,
      more_info: `${peer.url}/docs/errors/${code}`,
      status: 400,
    });
    expect(peer.messages()).toHaveLength(before);
  });
});

describe('status callbacks and listing', () => {
  test('sent and delivered are posted to the StatusCallback with a valid X-Twilio-Signature', async () => {
    const received: { signature: string; params: Record<string, string> }[] = [];
    let done: () => void = () => undefined;
    const allReceived = new Promise<void>((resolve) => (done = resolve));
    const receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => {
        received.push({
          signature: String(req.headers['x-twilio-signature']),
          params: Object.fromEntries(new URLSearchParams(text)),
        });
        res.end();
        if (received.length === 2) done();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/sms/status`;
    try {
      const sent = await send({
        To: '+15551230005',
        From: DEV_TWILIO.fromNumber,
        Body: 'code 654321',
        StatusCallback: callbackUrl,
      });
      await allReceived;
      expect(received.map((r) => r.params.MessageStatus)).toEqual(['sent', 'delivered']);
      for (const { signature, params } of received) {
        expect(params.MessageSid).toBe(sent.body.sid);
        expect(signature).toBe(twilioSignature(DEV_TWILIO.authToken, callbackUrl, params));
      }
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  test('a StatusCallback off this machine is refused', async () => {
    const sent = await send({
      To: '+15551230006',
      From: DEV_TWILIO.fromNumber,
      Body: 'x',
      StatusCallback: 'https://example.com/cb',
    });
    expect(sent.status).toBe(400);
    expect(sent.body.code).toBe(21609);
  });

  test('the list endpoint pages newest first and filters by To; the outbox serves JSON and HTML', async () => {
    const to = '+15551239999';
    for (const n of [1, 2, 3])
      await send({ To: to, From: DEV_TWILIO.fromNumber, Body: `message ${n}` });
    const list = await fetch(`${peer.url}${messagesPath}?To=${encodeURIComponent(to)}&PageSize=2`, {
      headers: { authorization: auth },
    });
    const page = (await list.json()) as {
      messages: { body: string }[];
      next_page_uri: string | null;
      page_size: number;
    };
    expect(page.messages.map((m) => m.body)).toEqual(['message 3', 'message 2']);
    expect(page.page_size).toBe(2);
    const next = await fetch(`${peer.url}${page.next_page_uri ?? ''}`, {
      headers: { authorization: auth },
    });
    expect(
      ((await next.json()) as { messages: { body: string }[] }).messages.map((m) => m.body),
    ).toEqual(['message 1']);

    const outbox = (await (
      await fetch(`${peer.url}/__peer/messages?to=${encodeURIComponent(to)}`)
    ).json()) as {
      messages: { body: string }[];
    };
    expect(outbox.messages.map((m) => m.body)).toEqual(['message 3', 'message 2', 'message 1']);
    const html = await (await fetch(`${peer.url}/`)).text();
    expect(html).toContain('Development SMS outbox — not Twilio');
    expect(html).toContain('message 3');
    expect(peer.messages({ to }).map((m) => m.body)).toEqual([
      'message 1',
      'message 2',
      'message 3',
    ]);
  });
});

test('segments are counted as carriers do', () => {
  expect(smsSegments('a'.repeat(160))).toBe(1);
  expect(smsSegments('a'.repeat(161))).toBe(2);
  expect(smsSegments('€'.repeat(80))).toBe(1);
  expect(smsSegments('€'.repeat(81))).toBe(2);
  expect(smsSegments('認証コード 123456')).toBe(1);
  expect(smsSegments('認'.repeat(71))).toBe(2);
});
