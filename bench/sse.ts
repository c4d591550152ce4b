// Shared by bench:live, bench:api and bench:edge: pinning to a core, many event streams (one socket each, as browsers
// hold them), the time from a save to its event at the last stream, and requests per second with autocannon.
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { monotonicMs, type Arrivals, type FromChild, type ToChild } from "./stream-clients";

export const hasTaskset = (() => {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** Pins this (load-generating) process to core 1, so the server's core 0 is its own. */
export function pinLoadToCore1() {
  if (hasTaskset && os.availableParallelism() > 1)
    execFileSync("taskset", ["-p", "-c", "1", String(process.pid)], { stdio: "ignore" });
}

/** A command prefixed with `taskset -c <cores>` when taskset exists. */
export function pinned(args: string[], cores = "0"): [string, string[]] {
  return hasTaskset ? ["taskset", ["-c", cores, ...args]] : [args[0], args.slice(1)];
}

export type SseClient = { close: () => void; waiters: ((at: number) => void)[]; last?: string };

/**
 * Opens `count` event streams (one socket each) and resolves once every one said "connected". Each
 * message whose text includes `eventType` wakes the stream's waiters with its arrival time.
 */
export async function openStreams(url: string, count: number, eventType = "matches_saved"): Promise<SseClient[]> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const clients: SseClient[] = [];
  const batch = 250;
  for (let i = 0; i < count; i += batch) {
    await Promise.all(
      Array.from(
        { length: Math.min(batch, count - i) },
        () =>
          new Promise<void>((resolve, reject) => {
            const client: SseClient = { close: () => req.destroy(), waiters: [] };
            const req = http.get(url, { agent }, (res) => {
              res.setEncoding("utf8");
              let buffer = "";
              res.on("data", (chunk: string) => {
                buffer += chunk;
                let end;
                while ((end = buffer.indexOf("\n\n")) >= 0) {
                  const message = buffer.slice(0, end);
                  buffer = buffer.slice(end + 2);
                  if (message.includes('"connected"')) resolve();
                  else if (message.includes(eventType)) {
                    const at = performance.now();
                    client.last = message;
                    for (const waiter of client.waiters.splice(0)) waiter(at);
                  }
                }
              });
            });
            req.on("error", reject);
            clients.push(client);
          }),
      ),
    );
  }
  return clients;
}

/**
 * The same streams as `openStreams` on bare sockets: the request written by hand and each chunk searched for the
 * event's type as bytes, without an HTTP parser or text decoding per stream, so ten thousand of them cost the load
 * generator little and the time measured is the server's.
 */
export async function openRawStreams(url: string, count: number, eventType = "matches_saved"): Promise<SseClient[]> {
  const { hostname, port, pathname, search } = new URL(url);
  const request = `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/event-stream\r\n\r\n`;
  const needle = Buffer.from(eventType);
  const connected = Buffer.from('"connected"');
  const clients: SseClient[] = [];
  const batch = 250;
  for (let i = 0; i < count; i += batch) {
    await Promise.all(
      Array.from(
        { length: Math.min(batch, count - i) },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = net.connect({ host: hostname, port: Number(port) }, () => socket.write(request));
            const client: SseClient = { close: () => socket.destroy(), waiters: [] };
            let ready = false;
            // The end of the previous chunk, so an event split between two chunks is still found.
            let tail: Buffer = Buffer.alloc(0);
            socket.on("data", (chunk: Buffer) => {
              const seen = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
              tail = seen.subarray(Math.max(0, seen.length - needle.length));
              if (!ready && seen.includes(connected)) {
                ready = true;
                resolve();
              }
              if (seen.includes(needle)) {
                const at = performance.now();
                const text = seen.toString("latin1");
                client.last = text.slice(text.lastIndexOf("data: ", text.indexOf(eventType)));
                client.last = client.last.slice(0, client.last.indexOf("\n"));
                for (const waiter of client.waiters.splice(0)) waiter(at);
              }
            });
            socket.on("error", reject);
            clients.push(client);
          }),
      ),
    );
  }
  return clients;
}

export function closeStreams(clients: SseClient[]) {
  for (const c of clients) c.close();
}

/** Time from `trigger` to the event at the last stream (at most `timeoutMs`, else NaN). */
export async function fanOut(clients: SseClient[], trigger: () => Promise<unknown>, timeoutMs = 30_000) {
  const arrivals = clients.map((c) => new Promise<number>((resolve) => c.waiters.push(resolve)));
  const started = performance.now();
  await trigger();
  const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(NaN), timeoutMs).unref());
  const last = await Promise.race([Promise.all(arrivals).then((times) => Math.max(...times)), timeout]);
  return last - started;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function percentile(xs: number[], p: number) {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Requests per second of one address: a short unmeasured warm-up, then `seconds` at `connections`. */
export async function rate(url: string, seconds: number, headers: Record<string, string> = {}, connections = 32) {
  await autocannon({ url, connections: 8, duration: 1, headers: { "Accept-Encoding": "gzip", ...headers } });
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "Accept-Encoding": "gzip, deflate, br, zstd", ...headers },
  });
  return {
    rps: result.requests.average,
    bytes: result.throughput.average / Math.max(1, result.requests.average),
    errors: result.non2xx + result.errors,
  };
}

/**
 * A fan-out measured by a fleet: from the trigger to the first and the last stream's event (`firstMs`, `lastMs`), and
 * the instants themselves (monotonic ms, `monotonicMs`) for combining with streams held elsewhere.
 */
export type FleetFanOut = {
  /** The CPU the fleet's processes spent reading, from arming to the last arrival (ms, summed over processes). */
  cpuMs: number;
  firstMs: number;
  lastMs: number;
  got: number;
  of: number;
  started: number;
  first: number;
  last: number;
};

export type StreamFleet = {
  count: number;
  /** Time from `trigger` to the event at the first and the last stream of every process (NaN if one never came). */
  fanOut: (trigger: () => Promise<unknown>, timeoutMs?: number) => Promise<FleetFanOut>;
  close: () => void;
};

/**
 * `count` event streams held by `processes` child processes (`bench/stream-clients.ts`), each pinned to `cores` when
 * given and taskset exists: the lean generator, and a crowd larger than one process's open-file limit. Resolves once
 * every stream said "connected".
 */
export async function openStreamFleet(
  url: string,
  count: number,
  {
    processes = 1,
    cores,
    eventType = "matches_saved",
  }: { processes?: number; cores?: string; eventType?: string } = {},
): Promise<StreamFleet> {
  const script = fileURLToPath(new URL("./stream-clients.ts", import.meta.url));
  const children: ChildProcess[] = [];
  const messages: ((message: FromChild, child: ChildProcess) => void)[] = [];
  const share = (i: number) => Math.floor(count / processes) + (i < count % processes ? 1 : 0);
  const ready = Array.from({ length: processes }, (_, i) => {
    const child = fork(script, [], {
      // BENCH_CLIENT_NODE_ARGS: flags for the children's node, e.g. "--cpu-prof --cpu-prof-dir=…" to profile them.
      execArgv: ["--import", "tsx", ...(process.env.BENCH_CLIENT_NODE_ARGS?.split(" ").filter(Boolean) ?? [])],
      env: { ...process.env, STREAM_URL: url, STREAM_COUNT: String(share(i)), STREAM_EVENT: eventType },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    if (cores && hasTaskset && child.pid)
      execFileSync("taskset", ["-p", "-c", cores, String(child.pid)], { stdio: "ignore" });
    children.push(child);
    child.on("message", (message: FromChild) => {
      for (const listener of [...messages]) listener(message, child);
    });
    return new Promise<void>((resolve, reject) => {
      child.once("exit", (code) => reject(new Error(`stream client ${i} exited (${code})`)));
      const listener = (message: FromChild, from: ChildProcess) => {
        if (from !== child) return;
        if (message.type === "ready") resolve();
        else if (message.type === "failed") reject(new Error(`stream client ${i}: ${message.message}`));
        else return;
        messages.splice(messages.indexOf(listener), 1);
      };
      messages.push(listener);
    });
  });
  const closeAll = () => {
    for (const child of children) if (child.connected) child.send({ type: "close" } satisfies ToChild);
  };
  process.on("exit", () => {
    for (const child of children) child.kill("SIGTERM");
  });
  try {
    await Promise.all(ready);
  } catch (error) {
    closeAll();
    throw error;
  }
  let next = 0;
  /** Sends `arm` to every child; resolves once all are armed, with their results to come. */
  function arm(timeoutMs: number) {
    const id = ++next;
    const armed = new Set<ChildProcess>();
    const results = new Map<ChildProcess, Arrivals>();
    let resolveArmed = () => {};
    let resolveDone = (_: Arrivals[]) => {};
    const allArmed = new Promise<void>((resolve) => (resolveArmed = resolve));
    const done = new Promise<Arrivals[]>((resolve) => (resolveDone = resolve));
    const listener = (message: FromChild, child: ChildProcess) => {
      if (message.type === "armed" && message.id === id) {
        armed.add(child);
        if (armed.size === children.length) resolveArmed();
      } else if (message.type === "result" && message.id === id) {
        results.set(child, message);
        if (results.size === children.length) {
          messages.splice(messages.indexOf(listener), 1);
          resolveDone([...results.values()]);
        }
      }
    };
    messages.push(listener);
    for (const child of children) child.send({ type: "arm", id, timeoutMs } satisfies ToChild);
    // Wrapped: a promise resolving to `done` would wait for it.
    return allArmed.then(() => ({ done }));
  }
  return {
    count,
    async fanOut(trigger, timeoutMs = 30_000) {
      const { done } = await arm(timeoutMs);
      const started = monotonicMs();
      await trigger();
      const results = await done;
      const got = results.reduce((sum, r) => sum + r.got, 0);
      const first = Math.min(...results.map((r) => r.first));
      const last = got === count ? Math.max(...results.map((r) => r.last)) : NaN;
      const cpuMs = results.reduce((sum, r) => sum + r.cpuMs, 0);
      return { cpuMs, firstMs: first - started, lastMs: last - started, got, of: count, started, first, last };
    },
    close: closeAll,
  };
}
