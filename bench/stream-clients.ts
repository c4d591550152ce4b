// The load generator's event streams, lean: bare sockets (no HTTP parser), one shared read buffer for all of them
// (`onread`, no Buffer per read), each read searched for the event's bytes, arrival times kept in one typed array, and
// one promise per fan-out rather than one per stream. Used in-process (`openLeanStreams`) or as a child process holding
// its share of a larger crowd (`node --import tsx bench/stream-clients.ts`, driven over IPC by `openStreamFleet` in bench/sse.ts),
// so more streams than one process's open-file limit can be held and their reading spread over processes.
// Times are CLOCK_MONOTONIC (`process.hrtime`), the same clock in every process of the machine.
import net from "node:net";

/** Now, in milliseconds of the machine's monotonic clock (comparable between processes). */
export const monotonicMs = () => Number(process.hrtime.bigint()) / 1e6;

/**
 * Opens `count` event streams to `url` (one socket each), resolving once every one said "connected". `arm()` starts
 * waiting for the next message that contains `eventType` on every stream and resolves with the first and last arrival
 * (monotonic ms) and how many arrived before `timeoutMs`.
 */
/** One fan-out as a process saw it: first and last arrival, how many arrived, and the CPU it spent meanwhile (ms). */
export type Arrivals = { first: number; last: number; got: number; cpuMs: number };

export type LeanStreams = {
  count: number;
  /** Streams closed by the other side since they opened. */
  lost: () => number;
  /** Waits for the next event on every stream (monotonic ms; NaN when none arrived). */
  arm: (timeoutMs?: number) => Promise<Arrivals>;
  close: () => void;
};

export async function openLeanStreams(
  url: string,
  count: number,
  { eventType = "matches_saved", batch = 250 }: { eventType?: string; batch?: number } = {},
): Promise<LeanStreams> {
  const { hostname, port, pathname, search } = new URL(url);
  const request = Buffer.from(
    `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`,
    "latin1",
  );
  const needle = Buffer.from(eventType, "latin1");
  const connectedNeedle = Buffer.from('"connected"', "latin1");
  // One read buffer for every socket: a read is handled before the next one is made, so none is kept.
  const shared = Buffer.allocUnsafe(16 * 1024);
  const arrivals = new Float64Array(count);
  const sockets: net.Socket[] = [];
  /** The fan-out under way: its waiting streams are those whose arrival is still 0. */
  let armed: { got: number; finish: () => void } | null = null;
  let closed = false;
  let lost = 0;

  function open(index: number) {
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      // The end of the last read (as text), only kept when a read ends part-way into the needle.
      let carry = "";
      const read = (nread: number) => {
        const chunk = shared.subarray(0, nread);
        if (!ready) {
          if (chunk.includes(connectedNeedle)) {
            ready = true;
            resolve();
          }
          return;
        }
        if (armed === null || arrivals[index] !== 0) return;
        let hit = chunk.includes(needle);
        if (!hit && carry)
          hit = (carry + chunk.toString("latin1", 0, Math.min(nread, needle.length))).includes(eventType);
        carry = hit ? "" : chunk.toString("latin1", Math.max(0, nread - needle.length + 1), nread);
        if (!hit) return;
        arrivals[index] = monotonicMs();
        if (++armed.got === count) armed.finish();
      };
      const socket = net.connect({
        host: hostname,
        port: Number(port),
        // Never paused: every read is handled at once.
        onread: {
          buffer: shared,
          callback: (nread) => {
            read(nread);
            return true;
          },
        },
      });
      socket.setNoDelay(true);
      socket.on("connect", () => socket.write(request));
      socket.on("error", (error) => {
        if (!ready) reject(error);
      });
      socket.on("close", () => {
        if (!closed) lost++;
      });
      sockets[index] = socket;
    });
  }

  for (let i = 0; i < count; i += batch) {
    const opening: Promise<void>[] = [];
    for (let j = i; j < Math.min(count, i + batch); j++) opening.push(open(j));
    await Promise.all(opening);
  }

  return {
    count,
    lost: () => lost,
    arm(timeoutMs = 30_000) {
      arrivals.fill(0);
      const cpu = process.cpuUsage();
      return new Promise<Arrivals>((resolve) => {
        const timer = setTimeout(() => armed?.finish(), timeoutMs);
        armed = {
          got: 0,
          finish() {
            clearTimeout(timer);
            const got = armed?.got ?? 0;
            armed = null;
            let first = Infinity;
            let last = -Infinity;
            for (const at of arrivals) {
              if (at === 0) continue;
              if (at < first) first = at;
              if (at > last) last = at;
            }
            const spent = process.cpuUsage(cpu);
            resolve({
              first: got ? first : NaN,
              last: got ? last : NaN,
              got,
              cpuMs: (spent.user + spent.system) / 1000,
            });
          },
        };
      });
    },
    close() {
      closed = true;
      for (const socket of sockets) socket.destroy();
    },
  };
}

/** What the parent sends a child process. */
export type ToChild = { type: "arm"; id: number; timeoutMs: number } | { type: "close" };
/** What a child process answers. */
export type FromChild =
  | { type: "ready"; count: number }
  | { type: "failed"; message: string }
  | { type: "armed"; id: number }
  | ({ type: "result"; id: number; lost: number } & Arrivals);

// As a child process: STREAM_URL, STREAM_COUNT, STREAM_EVENT; IPC messages `ToChild`, answers `FromChild`.
if (process.send && process.env.STREAM_URL) {
  const send = (message: FromChild) => process.send!(message);
  let streams: LeanStreams;
  try {
    streams = await openLeanStreams(process.env.STREAM_URL, Number(process.env.STREAM_COUNT), {
      eventType: process.env.STREAM_EVENT || "matches_saved",
    });
  } catch (error) {
    send({ type: "failed", message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  }
  process.on("message", async (message: ToChild) => {
    if (message.type === "arm") {
      const armed = streams.arm(message.timeoutMs);
      send({ type: "armed", id: message.id });
      send({ type: "result", id: message.id, ...(await armed), lost: streams.lost() });
    } else if (message.type === "close") {
      streams.close();
      process.exit(0);
    }
  });
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready", count: streams.count });
}
