// A webhook receiver for the tests: an HTTP server on 127.0.0.1 that records every request and answers as the test says.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { headers: Record<string, string>; body: string; at: number };
/** What to answer to the n-th request (0-based): a status, or "hang" (never answer), or "garbage" (not HTTP). */
export type Reply = number | "hang" | "garbage";

export type Receiver = {
  url: string;
  received: Received[];
  /** Changes how later requests are answered. */
  answer: (reply: (request: Received, index: number) => Reply) => void;
  close: () => Promise<void>;
};

export async function startReceiver(reply: (request: Received, index: number) => Reply = () => 200): Promise<Receiver> {
  let decide = reply;
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const request = { headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(request);
      const what = decide(request, received.length - 1);
      if (what === "hang") return;
      if (what === "garbage") {
        res.socket?.end("this is not HTTP\r\n\r\n");
        return;
      }
      res.writeHead(what, what >= 300 && what < 400 ? { location: "http://127.0.0.1:1/elsewhere" } : {});
      res.end(what >= 400 ? "receiver says no" : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer: (next) => {
      decide = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
