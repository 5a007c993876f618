// An authoritative DNS server on loopback for domain-ownership proofs: UDP and TCP on the same
// port (so a resolver can retry a truncated answer over TCP), answering TXT, A, AAAA and CNAME
// records from a table the tests and the dev launcher change while it runs. Built on
// `dns-packet` over `node:dgram` / `node:net`; point a resolver at it with
// `resolver.setServers(['127.0.0.1:<port>'])`.
import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { isIPv4, isIPv6, createServer, type Server, type Socket as TcpSocket } from 'node:net';
import dnsPacket from 'dns-packet';
import { assertNotProduction } from './guard.ts';
import { html, renderPage } from './html.ts';
import {
  LOOPBACK_HOST,
  listenLoopback,
  PeerHttpError,
  readBody,
  readForm,
  redirect,
  requestUrl,
  Router,
  sendHtml,
  sendJson,
  type RunningServer,
} from './http.ts';

export type DnsRecordType = 'TXT' | 'A' | 'AAAA' | 'CNAME';

export interface DnsPeerOptions {
  /** Default 0: the OS picks a port free for both UDP and TCP. */
  readonly port?: number;
  /** TTL of every answer, seconds. */
  readonly ttl?: number;
  readonly txt?: Readonly<Record<string, readonly string[]>>;
  readonly a?: Readonly<Record<string, readonly string[]>>;
  /** Port of the HTTP zone editor and JSON control API; default 0. */
  readonly controlPort?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export interface DnsQueryRecord {
  readonly name: string;
  readonly type: string;
  readonly transport: 'udp' | 'tcp';
  readonly rcode: 'NOERROR' | 'NXDOMAIN' | 'NOTIMP' | 'FORMERR' | 'REFUSED';
  readonly truncated: boolean;
}

export interface DnsPeer {
  readonly host: string;
  readonly port: number;
  /** `127.0.0.1:<port>`, the form `Resolver#setServers` takes. */
  readonly server: string;
  /**
   * The zone editor page and JSON API (`GET /__peer/records`, `PUT|DELETE
   * /__peer/records/{name}/{type}` with `{ "values": [...] }`), for people and for test processes
   * that do not hold this object (e2e workers).
   */
  readonly controlUrl: string;
  setTxt(name: string, values: readonly string[]): void;
  setA(name: string, addresses: readonly string[]): void;
  setAaaa(name: string, addresses: readonly string[]): void;
  setCname(name: string, target: string): void;
  /** Removes one type of record of a name, or all its records. */
  remove(name: string, type?: DnsRecordType): void;
  queries(): DnsQueryRecord[];
  stop(): Promise<void>;
}

/** Default TTL: short, so a record changed during development is seen again soon. */
export const DNS_DEFAULT_TTL_SECONDS = 60;
/** A UDP answer larger than this (without EDNS) is truncated, and the client asks over TCP. */
export const DNS_UDP_LIMIT_BYTES = 512;
/** The largest UDP answer sent when the client advertises more with EDNS. */
export const DNS_UDP_EDNS_MAX_BYTES = 1232;
/** A TXT character-string holds at most 255 bytes; longer values are split into several. */
export const TXT_CHUNK_BYTES = 255;
/** Attempts at finding a port free for both UDP and TCP. */
const PORT_ATTEMPTS = 20;

const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5 } as const;

function normalize(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

function txtChunks(value: string): Buffer[] {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length === 0) return [Buffer.alloc(0)];
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += TXT_CHUNK_BYTES) {
    chunks.push(bytes.subarray(offset, offset + TXT_CHUNK_BYTES));
  }
  return chunks;
}

interface Records {
  TXT?: string[];
  A?: string[];
  AAAA?: string[];
  CNAME?: string;
}

async function bindUdp(port: number): Promise<Socket> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, LOOPBACK_HOST, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return socket;
}

async function listenTcp(server: Server, port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export async function startDnsPeer(options: DnsPeerOptions = {}): Promise<DnsPeer> {
  assertNotProduction(options.env ?? process.env);
  const ttl = options.ttl ?? DNS_DEFAULT_TTL_SECONDS;
  const table = new Map<string, Records>();
  const log: DnsQueryRecord[] = [];
  const connections = new Set<TcpSocket>();

  const entry = (name: string): Records => {
    const key = normalize(name);
    const existing = table.get(key);
    if (existing) return existing;
    const created: Records = {};
    table.set(key, created);
    return created;
  };
  const prune = (name: string) => {
    const key = normalize(name);
    const records = table.get(key);
    if (records && !records.TXT && !records.A && !records.AAAA && !records.CNAME) table.delete(key);
  };

  function answer(query: Buffer, transport: 'udp' | 'tcp'): Buffer | undefined {
    let request: dnsPacket.DecodedPacket;
    try {
      request = dnsPacket.decode(query);
    } catch {
      if (query.length < 2) return undefined;
      // Too broken to read: FORMERR with the id echoed.
      return dnsPacket.encode({
        type: 'response',
        id: query.readUInt16BE(0),
        flags: RCODE.FORMERR,
        questions: [],
      });
    }
    const opcode = (query.readUInt16BE(2) >> 11) & 0xf;
    const question = request.questions?.[0];
    const base = {
      type: 'response' as const,
      id: request.id ?? 0,
      questions: request.questions ?? [],
    };
    const recursionDesired = request.flag_rd ? dnsPacket.RECURSION_DESIRED : 0;
    const respond = (rcode: DnsQueryRecord['rcode'], answers: dnsPacket.Answer[]): Buffer => {
      const flags = dnsPacket.AUTHORITATIVE_ANSWER | recursionDesired | RCODE[rcode];
      const full = dnsPacket.encode({ ...base, flags, answers });
      const opt = request.additionals?.find((a): a is dnsPacket.OptAnswer => a.type === 'OPT');
      const limit = opt
        ? Math.min(Math.max(opt.udpPayloadSize, DNS_UDP_LIMIT_BYTES), DNS_UDP_EDNS_MAX_BYTES)
        : DNS_UDP_LIMIT_BYTES;
      const truncated = transport === 'udp' && full.length > limit;
      log.push({
        name: question ? normalize(question.name) : '',
        type: question?.type ?? '',
        transport,
        rcode,
        truncated,
      });
      if (!truncated) return full;
      return dnsPacket.encode({
        ...base,
        flags: flags | dnsPacket.TRUNCATED_RESPONSE,
        answers: [],
      });
    };
    if (opcode !== 0 || !question || (request.questions?.length ?? 0) !== 1)
      return respond('NOTIMP', []);
    if (question.class && question.class !== 'IN') return respond('REFUSED', []);

    const name = normalize(question.name);
    const answers: dnsPacket.Answer[] = [];
    let current = name;
    // Follow CNAMEs (a few hops) unless the CNAME itself is asked for.
    for (let hop = 0; hop < 8; hop++) {
      const records = table.get(current);
      if (!records) break;
      if (records.CNAME && question.type !== 'CNAME') {
        answers.push({ type: 'CNAME', name: current, ttl, class: 'IN', data: records.CNAME });
        current = normalize(records.CNAME);
        continue;
      }
      const wanted = question.type as string;
      if (wanted === 'TXT' || wanted === 'ANY') {
        for (const value of records.TXT ?? [])
          answers.push({ type: 'TXT', name: current, ttl, class: 'IN', data: txtChunks(value) });
      }
      if (wanted === 'A' || wanted === 'ANY') {
        for (const address of records.A ?? [])
          answers.push({ type: 'A', name: current, ttl, class: 'IN', data: address });
      }
      if (wanted === 'AAAA' || wanted === 'ANY') {
        for (const address of records.AAAA ?? [])
          answers.push({ type: 'AAAA', name: current, ttl, class: 'IN', data: address });
      }
      if (wanted === 'CNAME' && records.CNAME)
        answers.push({ type: 'CNAME', name: current, ttl, class: 'IN', data: records.CNAME });
      break;
    }
    // A name with no records of any type does not exist; one with other types has no data.
    return respond(table.has(name) ? 'NOERROR' : 'NXDOMAIN', answers);
  }

  // UDP and TCP on one port number: bind UDP first, then try TCP on the same number.
  let udp: Socket | undefined;
  let tcp: Server | undefined;
  for (let attempt = 0; attempt < PORT_ATTEMPTS && !tcp; attempt++) {
    const candidate = await bindUdp(options.port ?? 0);
    const port = candidate.address().port;
    const server = createServer();
    try {
      await listenTcp(server, port);
      udp = candidate;
      tcp = server;
    } catch (error) {
      candidate.close();
      if (options.port || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  if (!udp || !tcp) throw new Error('dns peer: no port free for both UDP and TCP');
  const udpSocket = udp;
  const tcpServer = tcp;

  udpSocket.on('message', (message, remote) => {
    const response = answer(message, 'udp');
    if (response) udpSocket.send(response, remote.port, remote.address);
  });

  tcpServer.on('connection', (socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      // Messages over TCP carry a two-byte length prefix.
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (buffered.length < 2 + length) break;
        const message = buffered.subarray(2, 2 + length);
        buffered = buffered.subarray(2 + length);
        const response = answer(message, 'tcp');
        if (!response) continue;
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(response.length);
        socket.write(Buffer.concat([prefix, response]));
      }
    });
  });

  const port = udpSocket.address().port;

  const control = await startControl();
  for (const [name, values] of Object.entries(options.txt ?? {})) setRecords(name, 'TXT', values);
  for (const [name, values] of Object.entries(options.a ?? {})) setRecords(name, 'A', values);

  /** Sets records of one type; throws a PeerHttpError(400) for what cannot be stored. */
  function setRecords(name: string, type: string, values: readonly string[]): void {
    const key = normalize(name);
    const labels = key.split('.');
    if (key.length > 253 || !labels.every((label) => /^[a-z0-9_-]{1,63}$/.test(label))) {
      throw new PeerHttpError(400, `not a domain name: ${name}`);
    }
    switch (type) {
      case 'TXT':
        entry(key).TXT = [...values];
        break;
      case 'A': {
        const bad = values.find((address) => !isIPv4(address));
        if (bad !== undefined) throw new PeerHttpError(400, `not an IPv4 address: ${bad}`);
        entry(key).A = [...values];
        break;
      }
      case 'AAAA': {
        const bad = values.find((address) => !isIPv6(address));
        if (bad !== undefined) throw new PeerHttpError(400, `not an IPv6 address: ${bad}`);
        entry(key).AAAA = [...values];
        break;
      }
      case 'CNAME': {
        const [target] = values;
        if (values.length !== 1 || !target)
          throw new PeerHttpError(400, 'a CNAME has exactly one target');
        entry(key).CNAME = normalize(target);
        break;
      }
      default:
        throw new PeerHttpError(400, `unsupported record type: ${type}`);
    }
  }

  function removeRecords(name: string, type?: string): void {
    const key = normalize(name);
    const records = table.get(key);
    if (!records) return;
    if (type === 'TXT' || type === 'A' || type === 'AAAA' || type === 'CNAME') delete records[type];
    else table.delete(key);
    prune(key);
  }

  function listRecords(): { name: string; type: DnsRecordType; values: string[] }[] {
    return [...table.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([name, records]) =>
        (['TXT', 'A', 'AAAA', 'CNAME'] as const).flatMap((type) => {
          const value = records[type];
          if (value === undefined) return [];
          return [{ name, type, values: Array.isArray(value) ? [...value] : [value] }];
        }),
      );
  }

  async function startControl(): Promise<RunningServer> {
    // Forms carry this token so that another site cannot post to the editor.
    const formToken = randomBytes(16).toString('hex');
    const router = new Router();
    const banner = 'Development DNS — answers only resolvers pointed at it; no real zone changes';
    const page = (status: number, error?: string) =>
      renderPage({
        title: 'Development DNS zone',
        banner,
        body: html`<h1>Development DNS zone</h1>
          <p>
            Resolver address: <code>${LOOPBACK_HOST}:${port}</code> (UDP and TCP). Records change at
            once.
          </p>
          ${error ? html`<p role="alert" class="error">${error}</p>` : ''}
          <h2>Records</h2>
          ${
            listRecords().length
              ? html`<table>
                  <caption>
                    Records held
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Type</th>
                      <th scope="col">Values</th>
                      <th scope="col">Remove</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${listRecords().map(
                      (record) =>
                        html`<tr>
                          <td>${record.name}</td>
                          <td>${record.type}</td>
                          <td>${record.values.map((v) => html`<code>${v}</code><br />`)}</td>
                          <td>
                            <form method="post" action="/records/delete">
                              <input type="hidden" name="token" value="${formToken}" /><input
                                type="hidden"
                                name="name"
                                value="${record.name}"
                              /><input type="hidden" name="type" value="${record.type}" /><button
                                type="submit"
                                class="secondary"
                              >
                                Remove ${record.type} of ${record.name}
                              </button>
                            </form>
                          </td>
                        </tr>`,
                    )}
                  </tbody>
                </table>`
              : html`<p>No records yet.</p>`
          }
          <h2>Add or replace records</h2>
          <form method="post" action="/records">
            <input type="hidden" name="token" value="${formToken}" />
            <label for="record-name">Name (for example _corkboard-challenge.example.com)</label>
            <input type="text" id="record-name" name="name" required autocomplete="off" />
            <label for="record-type">Type</label>
            <select id="record-type" name="type">
              <option>TXT</option>
              <option>A</option>
              <option>AAAA</option>
              <option>CNAME</option>
            </select>
            <label for="record-values">Values, one per line</label>
            <textarea id="record-values" name="values" rows="3" cols="40" required></textarea>
            <div class="actions"><button type="submit">Save records</button></div>
          </form>`,
      });
    router.on('GET', '/', ({ res }) => sendHtml(res, 200, page(200)));
    router.on('POST', '/records', async ({ req, res }) => {
      const form = await readForm(req);
      if (form.get('token') !== formToken)
        return sendHtml(res, 403, page(403, 'This form has expired. Reload the page.'));
      const values = (form.get('values') ?? '')
        .split(/\r?\n/)
        .map((v) => v.trim())
        .filter(Boolean);
      try {
        setRecords(form.get('name') ?? '', form.get('type') ?? '', values);
      } catch (error) {
        if (!(error instanceof PeerHttpError)) throw error;
        return sendHtml(res, 400, page(400, error.message));
      }
      redirect(res, '/', 303);
    });
    router.on('POST', '/records/delete', async ({ req, res }) => {
      const form = await readForm(req);
      if (form.get('token') !== formToken)
        return sendHtml(res, 403, page(403, 'This form has expired. Reload the page.'));
      removeRecords(form.get('name') ?? '', form.get('type') ?? undefined);
      redirect(res, '/', 303);
    });
    router.on('GET', '/__peer/records', ({ res }) =>
      sendJson(res, 200, { records: listRecords() }),
    );
    router.on('PUT', '/__peer/records/:name/:type', async ({ req, res, params }) => {
      let values: unknown;
      try {
        values = (JSON.parse((await readBody(req)).toString('utf8')) as { values?: unknown })
          .values;
      } catch {
        return sendJson(res, 400, { error: 'the body must be JSON: { "values": ["..."] }' });
      }
      if (!Array.isArray(values) || !values.every((v): v is string => typeof v === 'string')) {
        return sendJson(res, 400, { error: 'values must be an array of strings' });
      }
      try {
        setRecords(params.name ?? '', params.type ?? '', values);
      } catch (error) {
        if (!(error instanceof PeerHttpError)) throw error;
        return sendJson(res, 400, { error: error.message });
      }
      sendJson(res, 200, {
        records: listRecords().filter((r) => r.name === normalize(params.name ?? '')),
      });
    });
    router.on('DELETE', '/__peer/records/:name/:type', ({ res, params }) => {
      removeRecords(params.name ?? '', params.type);
      res.writeHead(204).end();
    });
    return listenLoopback(async (req, res) => {
      const url = requestUrl(req);
      const method = req.method ?? 'GET';
      // The JSON API takes JSON only, so a cross-site form cannot reach it without a preflight.
      if (
        url.pathname.startsWith('/__peer/') &&
        method === 'PUT' &&
        req.headers['content-type']?.split(';')[0] !== 'application/json'
      ) {
        return sendJson(res, 415, { error: 'send application/json' });
      }
      const match = router.match(method, url.pathname);
      if (match.kind !== 'found')
        return sendJson(res, match.kind === 'not-found' ? 404 : 405, { error: 'not found' });
      await match.handler({ req, res, method, url, params: match.params });
    }, options.controlPort);
  }

  return {
    host: LOOPBACK_HOST,
    port,
    server: `${LOOPBACK_HOST}:${port}`,
    controlUrl: control.url,
    setTxt: (name, values) => setRecords(name, 'TXT', values),
    setA: (name, addresses) => setRecords(name, 'A', addresses),
    setAaaa: (name, addresses) => setRecords(name, 'AAAA', addresses),
    setCname: (name, target) => setRecords(name, 'CNAME', [target]),
    remove: (name, type) => removeRecords(name, type),
    queries: () => [...log],
    stop: async () => {
      for (const socket of connections) socket.destroy();
      await Promise.all([
        control.stop(),
        new Promise<void>((resolve) => udpSocket.close(() => resolve())),
        new Promise<void>((resolve, reject) =>
          tcpServer.close((error) => (error ? reject(error) : resolve())),
        ),
      ]);
    },
  };
}
