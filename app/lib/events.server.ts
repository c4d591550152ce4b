// The event bus: committed actions publish through PostgreSQL NOTIFY, so spectators on any app process hear every change.
import type { DomainEvent } from "~/models/events";
import { getApp } from "./db.server";

const CHANNEL = "tm_events";
type Listener = (event: DomainEvent) => void;

const listeners = new Set<Listener>();
let listening: Promise<void> | undefined;
const closers = new Set<() => void>();

function dispatch(payload: string) {
  let parsed: DomainEvent;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return;
  }
  for (const listener of listeners) listener(parsed);
}

function ensureListening() {
  listening ??= getApp().then(async ({ database }) => {
    await database.listen(CHANNEL, dispatch);
  });
  return listening;
}

export async function subscribe(listener: Listener) {
  await ensureListening();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Publishes events of a committed action; never call it inside a transaction that may still roll back. */
export async function publish(events: DomainEvent[]) {
  if (events.length === 0) return;
  await ensureListening();
  const { database } = await getApp();
  for (const event of events) {
    try {
      // NOTIFY payloads are capped at 8000 bytes; ours are a few fields.
      await database.notify(CHANNEL, JSON.stringify(event));
    } catch (error) {
      console.error("Could not publish event", event.type, error);
    }
  }
}

/** SSE streams register a closer so shutdown can end them before the database closes. */
export function registerStream(close: () => void) {
  closers.add(close);
  return () => closers.delete(close);
}

export function closeAllStreams() {
  for (const close of [...closers]) close();
  closers.clear();
}

export function resetEventsForTests() {
  listening = undefined;
  listeners.clear();
}
