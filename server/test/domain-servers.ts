// The company's domain, standing in on this machine (decision 248): a DNS server (dns2) that
// answers from a zone the test fills, and an HTTP server whose answers the test sets per path. The
// app reaches them through DNS_SERVERS and DOMAIN_CHECK_TEST_PORT; nothing leaves the machine.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;

/** What the DNS server answers for one name; `silent` never answers (a resolver's timeout). */
export interface ZoneEntry {
  a?: string[];
  aaaa?: string[];
  txt?: string[];
  rcode?: 'nxdomain' | 'servfail';
  silent?: boolean;
}

export type PathHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export interface DomainServers {
  /** For DNS_SERVERS. */
  dnsServer: string;
  /** For DOMAIN_CHECK_TEST_PORT. */
  httpPort: number;
  /** Names (lower case, no trailing dot) and what they answer; anything else is NXDOMAIN. */
  zone: Map<string, ZoneEntry>;
  /** `host path` (e.g. `acme.test /.well-known/…`) to its handler; anything else answers 404. */
  paths: Map<string, PathHandler>;
  /** Serves `body` with 200 at the domain's challenge file for `token`. */
  serveFile(domain: string, token: string, body?: string): void;
  close(): Promise<void>;
}

/**
 * The browser journeys' way in (tests/e2e/serve.ts): with `control`, the HTTP server also takes
 * `POST /__e2e/zone` ({ name, entry }), `POST /__e2e/file` ({ domain, token, body }) and `POST
 * /__e2e/page` ({ domain, path, body }: any JSON page, such as a did-configuration.json) from a journey
 * in another process.
 */
export const controlPaths = { zone: '/__e2e/zone', file: '/__e2e/file', page: '/__e2e/page' } as const;

function readJson(request: http.IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      try {
        resolve(JSON.parse(text) as Record<string, unknown>);
      } catch (error) {
        reject(error as Error);
      }
    });
    request.on('error', reject);
  });
}

export async function startDomainServers({ control = false }: { control?: boolean } = {}): Promise<DomainServers> {
  const zone = new Map<string, ZoneEntry>();
  const paths = new Map<string, PathHandler>();
  const dnsServer = dns2.createServer({
    udp: true,
    handle: (request, reply) => {
      // A lost UDP answer is what a resolver's retry is for: nothing to wait on.
      const send = (response: Parameters<typeof reply>[0]) => void reply(response);
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
      const entry = zone.get(name);
      if (entry?.silent) return;
      if (!entry || entry.rcode === 'nxdomain') {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        send(response);
        return;
      }
      if (entry.rcode === 'servfail') {
        response.header.rcode = Packet.RCODE.SERVFAIL;
        send(response);
        return;
      }
      const type = question?.type;
      const base = { name: question!.name, class: Packet.CLASS.IN, ttl: 1 };
      if (type === Packet.TYPE.A) for (const address of entry.a ?? []) response.answers.push({ ...base, type, address } as never);
      if (type === Packet.TYPE.AAAA) for (const address of entry.aaaa ?? []) response.answers.push({ ...base, type, address } as never);
      if (type === Packet.TYPE.TXT) for (const data of entry.txt ?? []) response.answers.push({ ...base, type, data } as never);
      send(response);
    },
  });
  const dnsAddresses = await dnsServer.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const serveFile = (domain: string, token: string, body = token) => {
    paths.set(`${domain} /.well-known/profiles-challenge/${token}`, (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(body);
    });
  };
  const controlled = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const body = await readJson(request);
    if (request.url === controlPaths.zone) zone.set(String(body['name']).toLowerCase(), body['entry'] as ZoneEntry);
    else if (request.url === controlPaths.page) {
      const text = String(body['body']);
      paths.set(`${String(body['domain']).toLowerCase()} ${String(body['path'])}`, (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(text);
      });
    } else serveFile(String(body['domain']), String(body['token']), typeof body['body'] === 'string' ? body['body'] : undefined);
    response.writeHead(204).end();
  };
  const web = http.createServer((request, response) => {
    if (control && request.method === 'POST' && Object.values<string>(controlPaths).includes(request.url ?? '')) {
      controlled(request, response).catch(() => response.writeHead(400).end());
      return;
    }
    const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const handler = paths.get(`${host} ${request.url ?? ''}`);
    if (handler) handler(request, response);
    else response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const sockets = new Set<Socket>();
  web.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    dnsServer: `127.0.0.1:${(dnsAddresses.udp as AddressInfo).port}`,
    httpPort: (web.address() as AddressInfo).port,
    zone,
    paths,
    serveFile,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([new Promise<void>((resolve) => web.close(() => resolve())), dnsServer.close()]);
    },
  };
}
