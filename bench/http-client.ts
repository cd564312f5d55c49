import http from 'node:http';

/**
 * The benchmarks' HTTP client: node:http over kept-alive sockets. It runs on the server's own thread, so what it
 * costs is counted against the server; `fetch` (undici) cost 0.3-0.6 ms more CPU per call than this on the
 * contact search, where the server itself spends about 1 ms.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface HttpAnswer { status: number; headers: http.IncomingHttpHeaders; body: Buffer; json<T = unknown>(): T }

export const httpGet = (port: number, path: string, headers: Record<string, string> = {}) => httpRequest('GET', port, path, headers);

/** A POST of `body` as JSON. */
export const httpPost = (port: number, path: string, body: unknown, headers: Record<string, string> = {}) =>
  httpRequest('POST', port, path, { ...headers, 'content-type': 'application/json' }, JSON.stringify(body));

function httpRequest(method: string, port: number, path: string, headers: Record<string, string>, body?: string): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ method, host: '127.0.0.1', port, path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const data = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, json: <T,>() => JSON.parse(data.toString('utf8')) as T });
      });
      res.on('error', reject);
    }).on('error', reject);
    req.end(body);
  });
}
