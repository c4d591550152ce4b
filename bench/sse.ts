// Shared by bench:live, bench:api and bench:edge: pinning to a core, many event streams (one socket each, as browsers
// hold them), the time from a save to its event at the last stream, and requests per second with autocannon.
import { execFileSync } from "node:child_process";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import autocannon from "autocannon";

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
