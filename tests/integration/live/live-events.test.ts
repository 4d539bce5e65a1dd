import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#db/connection.ts";
import { publishLiveEvent, publishLiveEvents, subscribeLiveEvents, type LiveEvent } from "~/live/live-events.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

const MESSAGE: LiveEvent = {
  type: "message",
  clientId: 7,
  sessionId: "sess_live",
  channel: "web",
  role: "exchange",
  messageId: 41,
  receivedAt: 1_790_000_000_000,
};

/** Resolves with the first `count` events one subscriber hears. */
function hear(handle: DatabaseHandle, count: number) {
  const heard: LiveEvent[] = [];
  let done: (events: LiveEvent[]) => void = () => {};
  const all = new Promise<LiveEvent[]>((resolve) => (done = resolve));
  const unsubscribe = subscribeLiveEvents(handle.events, (event) => {
    heard.push(event);
    if (heard.length === count) done(heard);
  });
  return { all, unsubscribe };
}

describe.each(testDrivers)("live events, on %s", (driver) => {
  let handle: DatabaseHandle & { url?: string };
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(() => handle.close());

  it("reach every subscriber, in order, and none after it unsubscribes", async () => {
    const first = hear(handle, 2);
    const second = hear(handle, 2);
    await Promise.all([first.unsubscribe, second.unsubscribe]);
    await publishLiveEvent(handle.events, MESSAGE);
    await publishLiveEvent(handle.events, { type: "lead", clientId: 7, sessionId: null });
    expect(await first.all).toEqual([MESSAGE, { type: "lead", clientId: 7, sessionId: null }]);
    expect(await second.all).toHaveLength(2);

    (await first.unsubscribe)();
    const late: LiveEvent[] = [];
    const stop = await subscribeLiveEvents(handle.events, (event) => late.push(event));
    const afterwards = hear(handle, 1);
    await afterwards.unsubscribe;
    await publishLiveEvent(handle.events, { type: "handoff", clientId: 7, sessionId: "sess_live", heldBy: null });
    await afterwards.all;
    expect(late).toHaveLength(1);
    stop();
    (await second.unsubscribe)();
    (await afterwards.unsubscribe)();
  });

  it("carry several events in one notification, heard one by one in their order", async () => {
    const session: LiveEvent = { type: "session", clientId: 7, sessionId: "sess_live", channel: "web" };
    const lead: LiveEvent = { type: "lead", clientId: 7, sessionId: "sess_live" };
    const published: string[] = [];
    const counting = {
      ...handle.events,
      publish: (payload: string) => {
        published.push(payload);
        return handle.events.publish(payload);
      },
    };
    const heard = hear(handle, 4);
    await heard.unsubscribe;
    await publishLiveEvents(counting, [session, MESSAGE, lead]);
    await handle.events.publish(JSON.stringify([{ type: "lead", clientId: "seven" }, lead]));
    expect(await heard.all).toEqual([session, MESSAGE, lead, lead]);
    expect(published).toHaveLength(1);
    (await heard.unsubscribe)();
  });

  it("skip a payload that is not one of ours, and refuse one too long for NOTIFY", async () => {
    const heard = hear(handle, 1);
    await heard.unsubscribe;
    await handle.events.publish("not json");
    await handle.events.publish(JSON.stringify({ type: "message", clientId: "seven" }));
    await handle.events.publish(JSON.stringify({ type: "lead", clientId: 8, sessionId: "sess_ok" }));
    expect(await heard.all).toEqual([{ type: "lead", clientId: 8, sessionId: "sess_ok" }]);
    await expect(handle.events.publish("x".repeat(8_000))).rejects.toThrow(RangeError);
    // publishLiveEvent logs instead of throwing: the message stored is what counts.
    (await heard.unsubscribe)();
  });

  it.runIf(driver === "postgres")("cross from one app server to another through LISTEN/NOTIFY", async () => {
    const other = await openDatabase({ url: handle.url!, migrate: false });
    try {
      const heard = hear(other, 1);
      await heard.unsubscribe;
      await publishLiveEvent(handle.events, MESSAGE);
      expect(await heard.all).toEqual([MESSAGE]);
      (await heard.unsubscribe)();
    } finally {
      await other.close();
    }
  });
});
