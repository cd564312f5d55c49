import { createServer, type Server, type Socket, connect } from 'node:net';
import {
  bindMessage, commandTag, type Frame, FrameReader, GSSENC_REQUEST, parseMessage, queryText, readyStatus, SSL_REQUEST, startupCode,
} from './pg-frames';
import { rng } from './rng';

/**
 * A TCP proxy between a server and PostgreSQL that reads the wire protocol both ways and can break a connection
 * (both sockets destroyed, nothing more forwarded) at chosen points, so tests can see what the server does when its
 * database connection dies at the worst moments:
 * - beforeBegin: the client sends a Query or Parse whose text starts with BEGIN; it is not forwarded;
 * - midTransaction: PostgreSQL answers ReadyForQuery 'T' (in a transaction) to a reply that did not commit;
 * - afterCommit: PostgreSQL has committed (a reply holding CommandComplete COMMIT, or an implicit transaction's
 *   INSERT/UPDATE/DELETE, or a SELECT whose statement writes, a CTE; not a write of idempotency_keys, which has
 *   the next two points) and none of that reply is forwarded; a committing statement's reply ends in 'T' (its
 *   COMMIT is followed by a BEGIN, core/db/prepared.ts), and it is this point, not midTransaction;
 * - midPipeline: as midTransaction, for a reply to several statements sent in one message (core/db/prepared.ts
 *   execPipeline: more than one CommandComplete before ReadyForQuery 'T');
 * - afterKeyClaim / afterKeyAnswer: PostgreSQL completed an INSERT resp. UPDATE of idempotency_keys; reply dropped;
 * - idle: a connection idle (last server message ReadyForQuery 'I', no client data since) for more than idleMs.
 * A reply (every server message up to its ReadyForQuery) is held back until the ReadyForQuery decides, except while
 * starting up, in COPY, or after the client's Flush. Each point breaks with its probability from a seeded generator,
 * at most maxPerPoint times per plan; `enabled` off forwards everything (the server starts and migrates cleanly first).
 */
export const FAULT_POINTS = ['beforeBegin', 'midTransaction', 'midPipeline', 'afterCommit', 'afterKeyClaim', 'afterKeyAnswer', 'idle'] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

export interface FaultPlan {
  /** Probability (0..1) that an eligible moment of each point breaks the connection; idle uses idleMs instead. */
  beforeBegin?: number; midTransaction?: number; midPipeline?: number; afterCommit?: number; afterKeyClaim?: number; afterKeyAnswer?: number;
  /** Close connections idle for longer than this (ms). */
  idleMs?: number;
  /** At most this many breaks per point (default unlimited). */
  maxPerPoint?: number;
  seed?: number;
}

export interface CapturedFrame { from: 'client' | 'server'; type: string; raw: Buffer }

export interface FaultProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  enabled: boolean;
  /** A new plan (and generator seeded from it); counts are kept. */
  setPlan(plan: FaultPlan): void;
  counts: Record<FaultPoint, number>;
  /** Open client connections. */
  connections(): number;
  /** Every frame passing, when set (tests of the parser). */
  tap?: (f: CapturedFrame) => void;
  stop(): Promise<void>;
}

const WRITES = /\binsert\s+into\b|\bupdate\s+[\w."]+\s+set\b|\bdelete\s+from\b/i;
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;

interface Unit { texts: string[] }

export async function startFaultProxy(target: { host: string; port: number }, plan: FaultPlan = {}): Promise<FaultProxy> {
  let current = plan;
  let random = rng(plan.seed ?? 1);
  const counts = Object.fromEntries(FAULT_POINTS.map((p) => [p, 0])) as Record<FaultPoint, number>;
  let base = { ...counts }; // counts when the plan was set: maxPerPoint is per plan
  const open = new Set<Socket>();
  const spent = (p: FaultPoint) => counts[p] - base[p] >= (current.maxPerPoint ?? Infinity);
  const roll = (p: Exclude<FaultPoint, 'idle'>) => {
    const prob = current[p] ?? 0;
    if (!proxy.enabled || prob <= 0 || spent(p)) return false;
    return random() < prob;
  };

  const server: Server = createServer((client) => {
    client.setNoDelay(true);
    open.add(client);
    const upstream = connect(target);
    upstream.setNoDelay(true);
    let dead = false;
    const kill = (point?: FaultPoint) => {
      if (dead) return;
      dead = true;
      if (point) counts[point]++;
      clearTimeout(idleTimer);
      client.destroy();
      upstream.destroy();
      open.delete(client);
    };
    client.on('error', () => kill());
    upstream.on('error', () => kill());
    client.on('close', () => kill());
    upstream.on('close', () => kill());

    const fromClient = new FrameReader(true);
    const fromServer = new FrameReader(false);
    const statements = new Map<string, string>();
    let unit: Unit = { texts: [] };
    const units: Unit[] = [];
    let held: Frame[] = [];
    let started = false; // past the startup's first ReadyForQuery
    let passthrough = false; // COPY or the client's Flush: forward as it comes until the next ReadyForQuery
    let lastStatus = 'I';
    let idleTimer: NodeJS.Timeout | undefined;

    client.on('data', (chunk: Buffer) => {
      clearTimeout(idleTimer);
      let frames: Frame[];
      try { frames = fromClient.push(chunk); } catch { return kill(); }
      const out: Buffer[] = [];
      for (const f of frames) {
        proxy.tap?.({ from: 'client', type: f.type, raw: f.raw });
        if (f.type === '') {
          const code = startupCode(f);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) { client.write('N'); continue; }
          fromClient.untyped = false;
        } else if (f.type === 'Q' || f.type === 'P') {
          const text = f.type === 'Q' ? queryText(f) : parseMessage(f).text;
          if (f.type === 'P') statements.set(parseMessage(f).name, text);
          if (BEGIN.test(text) && roll('beforeBegin')) {
            if (out.length) upstream.write(Buffer.concat(out));
            return kill('beforeBegin');
          }
          unit.texts.push(text);
          if (f.type === 'Q') { units.push(unit); unit = { texts: [] }; }
        } else if (f.type === 'B') {
          const text = statements.get(bindMessage(f).statement);
          if (text !== undefined) unit.texts.push(text);
        } else if (f.type === 'S') {
          units.push(unit);
          unit = { texts: [] };
        } else if (f.type === 'H') {
          passthrough = true;
        }
        out.push(f.raw);
      }
      if (out.length && !dead) upstream.write(out.length === 1 ? out[0]! : Buffer.concat(out));
    });

    /** Which point, if any, breaks the connection instead of forwarding this reply. */
    const decide = (reply: Frame[], status: string, texts: string[]): FaultPoint | null => {
      const tags = reply.filter((f) => f.type === 'C').map(commandTag);
      const failed = reply.some((f) => f.type === 'E');
      const keyText = texts.find((t) => /idempotency_keys/i.test(t)) ?? '';
      if (!failed && /insert\s+into\s+"?idempotency_keys/i.test(keyText) && roll('afterKeyClaim')) return 'afterKeyClaim';
      if (!failed && /update\s+"?idempotency_keys/i.test(keyText) && roll('afterKeyAnswer')) return 'afterKeyAnswer';
      const committed = tags.includes('COMMIT');
      // an idempotency key's own write is afterKeyClaim's or afterKeyAnswer's, not afterCommit's
      const implicitWrite = lastStatus === 'I' && status === 'I' && !failed && !keyText && tags.some((t) =>
        /^(INSERT|UPDATE|DELETE|MERGE)\b/.test(t) || (t.startsWith('SELECT') && texts.some((x) => WRITES.test(x))));
      if ((committed || implicitWrite) && roll('afterCommit')) return 'afterCommit';
      if (status === 'T' && !committed && tags.length > 1 && roll('midPipeline')) return 'midPipeline';
      if (status === 'T' && !committed && roll('midTransaction')) return 'midTransaction';
      return null;
    };

    upstream.on('data', (chunk: Buffer) => {
      let frames: Frame[];
      try { frames = fromServer.push(chunk); } catch { return kill(); }
      const out: Buffer[] = [];
      for (const f of frames) {
        proxy.tap?.({ from: 'server', type: f.type, raw: f.raw });
        if (!started || passthrough || (!units.length && f.type !== 'Z')) {
          // startup, COPY/Flush, or a message outside any reply (a notice, a notification): as it comes
          if (f.type === 'Z') { started = true; passthrough = false; lastStatus = readyStatus(f); }
          out.push(f.raw);
          continue;
        }
        if (f.type === 'G' || f.type === 'H' || f.type === 'W') passthrough = true;
        held.push(f);
        if (passthrough) { out.push(...held.map((h) => h.raw)); held = []; continue; }
        if (f.type !== 'Z') continue;
        const status = readyStatus(f);
        const point = decide(held, status, units.shift()?.texts ?? []);
        if (point) {
          if (out.length) client.write(Buffer.concat(out));
          return kill(point);
        }
        out.push(...held.map((h) => h.raw));
        held = [];
        lastStatus = status;
      }
      if (out.length && !dead) client.write(out.length === 1 ? out[0]! : Buffer.concat(out));
      const idleMs = current.idleMs;
      if (!dead && proxy.enabled && idleMs && started && lastStatus === 'I' && !units.length && !held.length) {
        clearTimeout(idleTimer);
        idleTimer = setTimeout(() => { if (proxy.enabled && !units.length && !spent('idle')) kill('idle'); }, idleMs);
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const proxy: FaultProxy = {
    port,
    enabled: false,
    counts,
    urlFor(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    setPlan(p) { current = p; random = rng(p.seed ?? 1); base = { ...counts }; },
    connections: () => open.size,
    async stop() {
      proxy.enabled = false;
      for (const s of open) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
