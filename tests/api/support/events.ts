// Reads the app's server-sent-events stream in tests: open it, then wait for an event of a type.
export type StreamEvent = {
  type: string;
  tournamentId: number | null;
  data: Record<string, unknown>;
  version?: number;
  audience?: number;
};

/** Opens a tournament's stream (a private one with its share key), or with null the untargeted one. */
export async function openEventStream(baseURL: string, tournamentId: number | null, key?: string) {
  const controller = new AbortController();
  const query = tournamentId === null ? "" : `?tournamentId=${tournamentId}${key ? `&key=${key}` : ""}`;
  const response = await fetch(`${baseURL}/api/events${query}`, { signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const seen: StreamEvent[] = [];
  let buffer = "";
  return {
    response,
    seen,
    /** The first event of this type, reading the stream until it arrives (at most 15 s). */
    async waitFor(type: string): Promise<StreamEvent> {
      const deadline = Date.now() + 15_000;
      while (!seen.some((e) => e.type === type)) {
        if (Date.now() > deadline) throw new Error(`No ${type} event; seen: ${JSON.stringify(seen)}`);
        const { value, done } = await reader.read();
        if (done) throw new Error("The event stream ended");
        buffer += decoder.decode(value, { stream: true });
        const parts = buffer.split("\n\n");
        buffer = parts.pop()!;
        for (const part of parts) {
          const line = part.split("\n").find((l) => l.startsWith("data: "));
          if (line) seen.push(JSON.parse(line.slice(6)));
        }
      }
      return seen.find((e) => e.type === type)!;
    },
    async close() {
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
