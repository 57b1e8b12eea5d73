// A small HTTP/1.1 load generator on plain sockets (keep-alive, one request at a time per connection), so the
// benchmark needs nothing installed and spends little CPU of its own: on two shared cores the generator competes
// with the server it measures, and the same generator drives the ceilings, so only ratios are compared.
//
// closedLoop: N clients, each sends its next request when the previous answer arrived (throughput, and the
// latency a client sees under that concurrency). openLoop: requests are started at a fixed rate whatever the
// answers do, and each latency counts from the instant the request was due, so a stalled server shows as
// latency instead of as fewer requests (no coordinated omission).
import net from 'node:net';

const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** One keep-alive connection; request() resolves with { status, body } (body as a Buffer). */
export class Connection {
  constructor(port, host = '127.0.0.1') {
    this.socket = net.connect({ port, host, noDelay: true });
    this.buffer = Buffer.alloc(0);
    this.pending = null;
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    const fail = (error) => {
      this.closed = true;
      const pending = this.pending;
      this.pending = null;
      pending?.reject(error ?? new Error('connection closed'));
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => fail(new Error('connection closed')));
  }

  request(method, path, { headers = {}, body } = {}) {
    if (this.pending) throw new Error('one request at a time per connection');
    if (this.closed) return Promise.reject(new Error('connection closed'));
    const payload = body === undefined ? undefined : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    let head = `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: keep-alive\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (payload) head += `content-type: application/json\r\ncontent-length: ${payload.length}\r\n`;
    head += '\r\n';
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(payload ? Buffer.concat([Buffer.from(head), payload]) : head);
    });
  }

  parse() {
    if (!this.pending) return;
    const end = this.buffer.indexOf(CRLF_CRLF);
    if (end < 0) return;
    const head = this.buffer.subarray(0, end).toString('latin1');
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    let body;
    let consumed;
    if (length) {
      const size = Number(length[1]);
      if (this.buffer.length < end + 4 + size) return;
      body = this.buffer.subarray(end + 4, end + 4 + size);
      consumed = end + 4 + size;
    } else if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
      const chunks = [];
      let at = end + 4;
      for (;;) {
        const line = this.buffer.indexOf('\r\n', at);
        if (line < 0) return;
        const size = parseInt(this.buffer.subarray(at, line).toString('latin1'), 16);
        if (this.buffer.length < line + 2 + size + 2) return;
        if (size === 0) {
          consumed = line + 4;
          break;
        }
        chunks.push(this.buffer.subarray(line + 2, line + 2 + size));
        at = line + 2 + size + 2;
      }
      body = Buffer.concat(chunks);
    } else {
      body = Buffer.alloc(0);
      consumed = end + 4;
    }
    this.buffer = this.buffer.subarray(consumed);
    const { resolve } = this.pending;
    this.pending = null;
    resolve({ status, body });
  }

  close() {
    this.closed = true;
    this.socket.destroy();
  }
}

/** Sorted-sample percentiles, in ms. */
export function summarize(latencies, seconds, errors = 0) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);
  return { count: sorted.length, errors, seconds, rps: sorted.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * `clients` connections, each sending `next(i)` → { method, path, headers?, body?, expect? } back to back for
 * `seconds` (after `warmupSeconds` not counted). A response whose status differs from `expect` (default 200)
 * counts as an error. With `ports`, the connections are dealt round robin over those servers (client i to
 * ports[i mod n]), as a round-robin balancer would.
 */
export async function closedLoop({ port, ports = [port], clients, seconds, warmupSeconds = 0, next }) {
  const connections = await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const connection = new Connection(ports[index % ports.length]);
      await connection.ready;
      return connection;
    }),
  );
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const start = now();
  const measureFrom = start + warmupSeconds * 1000;
  const stopAt = measureFrom + seconds * 1000;
  let firstError;
  await Promise.all(
    connections.map(async (connection) => {
      while (now() < stopAt) {
        const request = next(sent++);
        const t0 = now();
        let ok;
        try {
          const response = await connection.request(request.method, request.path, request);
          ok = response.status === (request.expect ?? 200);
          if (!ok) firstError ??= `${response.status} ${response.body.toString('utf8').slice(0, 200)}`;
        } catch (error) {
          firstError ??= String(error);
          ok = false;
          connection.close();
          return;
        }
        if (t0 >= measureFrom) {
          if (ok) latencies.push(now() - t0);
          else errors++;
        }
      }
    }),
  );
  for (const connection of connections) connection.close();
  return { ...summarize(latencies, (now() - measureFrom) / 1000, errors), firstError };
}

/** `rate` requests per second for `seconds`, each latency counted from when the request was due. */
export async function openLoop({ port, rate, seconds, next, maxConnections = 256 }) {
  const idle = [];
  let open = 0;
  const latencies = [];
  let errors = 0;
  let dropped = 0;
  let firstError;
  const take = async () => {
    if (idle.length > 0) return idle.pop();
    if (open >= maxConnections) return null;
    open++;
    const connection = new Connection(port);
    await connection.ready;
    return connection;
  };
  const start = now();
  const total = Math.round(rate * seconds);
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        const connection = await take();
        if (!connection) {
          dropped++;
          return;
        }
        const request = next(i);
        try {
          const response = await connection.request(request.method, request.path, request);
          if (response.status === (request.expect ?? 200)) latencies.push(now() - due);
          else {
            errors++;
            firstError ??= `${response.status} ${response.body.toString('utf8').slice(0, 200)}`;
          }
          idle.push(connection);
        } catch (error) {
          errors++;
          firstError ??= String(error);
          open--;
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  for (const connection of idle) connection.close();
  return { ...summarize(latencies, seconds, errors + dropped), dropped, firstError };
}
