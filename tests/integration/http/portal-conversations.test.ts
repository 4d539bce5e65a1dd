import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completedFunctions, messageImages, messages } from "#db/schema.ts";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { insertChatSession, insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { languageCookies, uniqueIp } from "../../support/http.ts";
import { operatorCookieOn, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";

/**
 * A business's conversations in its portal, over real HTTP: its own sessions only (another client's
 * session, image and post are a 404 and change nothing), take over, reply and hand back as its owner
 * or its staff, with the log naming who did it, and a live stream that carries its own events only.
 */
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const PEOPLE = {
  owner: "owner@mine-portal.example",
  staff: "staff@mine-portal.example",
  otherOwner: "owner@other-portal.example",
};
/** Each business's sessions, by what a test does with them. */
const MINE = {
  web: "sess_portal_conv_mine_web",
  whatsapp: "sess_portal_conv_mine_whatsapp",
  takeOver: "sess_portal_conv_mine_take_over",
  staff: "sess_portal_conv_mine_staff",
  live: "sess_portal_conv_mine_live",
};
const OTHER = { web: "sess_portal_conv_other_web", live: "sess_portal_conv_other_live" };
const FUNCTION_TYPE = "client_introduction_complete";
const VISITOR_WORDS = { mine: "Do you deliver to Haifa?", other: "Is the other shop open?" };

let server: RunningServer;
const ids = { mine: 0, other: 0, myImage: 0, otherImage: 0 };
const cookies = { owner: "", staff: "", otherOwner: "", operator: "" };
const lng = { he: "", en: "" };

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const mine = await insertClient(db, { businessName: "Mine Portal Bakery" });
        const other = await insertClient(db, { businessName: "Other Portal Garage" });
        ids.mine = mine.id;
        ids.other = other.id;
        await insertPerson(db, { email: PEOPLE.owner, role: "business_owner", clientId: mine.id });
        await insertPerson(db, { email: PEOPLE.staff, role: "business_staff", clientId: mine.id });
        await insertPerson(db, { email: PEOPLE.otherOwner, role: "business_owner", clientId: other.id });
        const web = await insertChatSession(db, mine.id, { publicId: MINE.web });
        await insertChatSession(db, mine.id, {
          publicId: MINE.whatsapp,
          channel: "whatsapp",
          channelUserId: "972501234567",
          userIp: null,
        });
        for (const publicId of [MINE.takeOver, MINE.staff, MINE.live])
          await insertChatSession(db, mine.id, { publicId });
        await db.insert(completedFunctions).values({
          clientId: mine.id,
          sessionId: web.id,
          functionType: FUNCTION_TYPE,
          clientDetails: { clientName: "Yael Baker", phone: "050-7654321" },
          profitCents: 4321,
        });
        const otherWeb = await insertChatSession(db, other.id, { publicId: OTHER.web });
        await insertChatSession(db, other.id, { publicId: OTHER.live });
        const [myMessage] = await db
          .insert(messages)
          .values({
            sessionId: web.id,
            clientId: mine.id,
            userMessage: VISITOR_WORDS.mine,
            aiResponse: "Yes, every Tuesday.",
            messageType: "conversation",
            costCents: 1234,
          })
          .returning({ id: messages.id });
        const [otherMessage] = await db
          .insert(messages)
          .values({ sessionId: otherWeb.id, clientId: other.id, userMessage: VISITOR_WORDS.other })
          .returning({ id: messages.id });
        const images = await db
          .insert(messageImages)
          .values([
            {
              messageId: myMessage!.id,
              clientId: mine.id,
              name: "cake.png",
              mime: "image/png",
              size: 70,
              data: TINY_PNG,
            },
            {
              messageId: otherMessage!.id,
              clientId: other.id,
              name: "car.png",
              mime: "image/png",
              size: 70,
              data: TINY_PNG,
            },
          ])
          .returning({ id: messageImages.id });
        ids.myImage = images[0]!.id;
        ids.otherImage = images[1]!.id;
      },
    },
  );
  cookies.owner = await sessionCookieOn(server, { username: PEOPLE.owner, password: PERSON_PASSWORD });
  cookies.staff = await sessionCookieOn(server, { username: PEOPLE.staff, password: PERSON_PASSWORD });
  cookies.otherOwner = await sessionCookieOn(server, { username: PEOPLE.otherOwner, password: PERSON_PASSWORD });
  cookies.operator = await operatorCookieOn(server);
  Object.assign(lng, await languageCookies(server.url));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

type Who = keyof typeof cookies;

function get(path: string, who: Who = "owner", language: "he" | "en" = "en", ip = uniqueIp()) {
  return fetch(`${server.url}${path}`, {
    redirect: "manual",
    headers: { Cookie: `${cookies[who]}; ${lng[language]}`, "X-Forwarded-For": ip },
  });
}

function post(sessionId: string, fields: Record<string, string>, who: Who = "owner", language: "he" | "en" = "en") {
  return fetch(`${server.url}/portal/conversations/${sessionId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: `${cookies[who]}; ${lng[language]}`, "X-Forwarded-For": uniqueIp() },
    body: new URLSearchParams(fields),
  });
}

/** Who answers a session, as its own business's page says it (in English). */
async function whoAnswers(sessionId: string, who: Who) {
  const html = await (await get(`/portal/conversations/${sessionId}`, who)).text();
  if (html.includes("Alex answers this conversation.")) return "alex";
  if (html.includes("You hold this conversation")) return "me";
  return /([^<>]+) holds this conversation now\./.exec(html)?.[1] ?? "unknown";
}

async function eventually(check: () => Promise<boolean>, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("The condition did not come true in time.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("GET /portal/conversations", () => {
  it.each(["owner", "staff"] as const)(
    "lists the business's own sessions from every channel only (%s)",
    async (who) => {
      const response = await get("/portal/conversations?period=all", who);
      expect(response.status).toBe(200);
      const html = await response.text();
      for (const sessionId of Object.values(MINE)) expect(html).toContain(sessionId);
      for (const sessionId of Object.values(OTHER)) expect(html).not.toContain(sessionId);
      expect(html).toContain("WhatsApp");
      expect(html).toContain(`href="/portal/conversations/${MINE.web}"`);
      // No other client to pick, and no way into the back-office's pages.
      expect(html).not.toContain('name="clientId"');
      expect(html).not.toContain("/admin/session/");
      expect(html).not.toContain("Other Portal Garage");
    },
  );

  it("shows a completed function without its price: prices are the provider's", async () => {
    const html = await (await get("/portal/conversations?period=all")).text();
    expect(html).toContain("Yael Baker");
    expect(html).toContain(">Completed<");
    expect(html).not.toContain("43.21");
    expect(html).not.toContain('"profitAmount":43.21');
  });

  it("ignores a client id in the address: the business is the signed-in person's", async () => {
    const html = await (await get(`/portal/conversations?period=all&clientId=${ids.other}`)).text();
    expect(html).toContain(MINE.web);
    expect(html).not.toContain(OTHER.web);
  });

  it("searches the business's own sessions only", async () => {
    const found = await (await get("/portal/conversations?period=all&search=conv_mine_whats")).text();
    expect(found).toContain(MINE.whatsapp);
    expect(found).not.toContain(MINE.web);
    const foreign = await (await get("/portal/conversations?period=all&search=conv_other_web")).text();
    expect(foreign).not.toContain(OTHER.web);
    expect(foreign).toContain("No sessions found matching");
  });

  it.each([
    ["he", "שיחות"],
    ["en", "Conversations"],
  ] as const)("is titled in the person's language (%s)", async (language, title) => {
    const html = await (await get("/portal/conversations", "owner", language)).text();
    expect(html).toContain(`<title>${title} | Alex</title>`);
  });

  it("sends an operator to the back-office and a visitor to sign in", async () => {
    const operator = await get("/portal/conversations", "operator");
    expect(operator.status).toBe(302);
    expect(operator.headers.get("Location")).toBe("/admin");
    const anonymous = await fetch(`${server.url}/portal/conversations`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("GET /portal/conversations/:sessionId", () => {
  it("shows the business's own conversation, its images through the portal, and no costs", async () => {
    const response = await get(`/portal/conversations/${MINE.web}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(VISITOR_WORDS.mine);
    expect(html).toContain("Yes, every Tuesday.");
    expect(html).toContain("Take over");
    expect(html).toContain(`/portal/conversations/${MINE.web}/images/${ids.myImage}`);
    expect(html).not.toContain("/admin/session/");
    expect(html).not.toContain("12.34");
    expect(html).not.toContain("Total Cost");
  });

  it("masks a WhatsApp visitor's number", async () => {
    const html = await (await get(`/portal/conversations/${MINE.whatsapp}`, "staff")).text();
    expect(html).not.toContain("972501234567");
    expect(html).toContain("WhatsApp");
  });

  it.each([
    ["he", "השיחה לא נמצאה"],
    ["en", "Conversation not found"],
  ] as const)("answers another client's session with a 404 page in the shell (%s)", async (language, title) => {
    const response = await get(`/portal/conversations/${OTHER.web}`, "owner", language);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain(title);
    expect(html).not.toContain(VISITOR_WORDS.other);
    // Inside the portal's shell: its navigation is there.
    expect(html).toContain('href="/portal/leads"');
  });

  it("answers an unknown or malformed session id with a 404", async () => {
    for (const sessionId of ["sess_nobody_has_this", "bad'id", "x".repeat(300)]) {
      const response = await get(`/portal/conversations/${encodeURIComponent(sessionId)}`);
      expect(response.status, sessionId).toBe(404);
      expect(await response.text()).toContain("Conversation not found");
    }
  });

  it("records the view in the access log with the person who looked", async () => {
    await get(`/portal/conversations/${MINE.whatsapp}`, "owner", "en", "203.0.113.141");
    const tab = `/admin/clients/${ids.mine}?tab=access&lng=en`;
    await eventually(async () => (await (await get(tab, "operator")).text()).includes("203.0.113.141"));
    const row = (await (await get(tab, "operator")).text()).split("<tr").find((part) => part.includes("203.0.113.141"));
    expect(row).toContain(PEOPLE.owner);
    expect(row).toContain("Viewed a conversation");
  });
});

describe("GET /portal/conversations/:sessionId/images/:imageId", () => {
  it("serves an image of the business's own conversation", async () => {
    const response = await get(`/portal/conversations/${MINE.web}/images/${ids.myImage}`, "staff");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(TINY_PNG);
  });

  it("answers another client's image 404, through its session or through one's own", async () => {
    const viaTheirs = await get(`/portal/conversations/${OTHER.web}/images/${ids.otherImage}`);
    expect(viaTheirs.status).toBe(404);
    expect(await viaTheirs.text()).toBe("Not found");
    const viaMine = await get(`/portal/conversations/${MINE.web}/images/${ids.otherImage}`);
    expect(viaMine.status).toBe(404);
    expect((await get(`/portal/conversations/${MINE.web}/images/abc`)).status).toBe(404);
  });
});

describe("POST /portal/conversations/:sessionId", () => {
  it("takes over, replies to the visitor and hands back, the log naming the business's person", async () => {
    const taken = await post(MINE.takeOver, { intent: "take-over" });
    expect(taken.status).toBe(302);
    expect(taken.headers.get("Location")).toBe(`/portal/conversations/${MINE.takeOver}`);
    expect(await whoAnswers(MINE.takeOver, "owner")).toBe("me");
    // The business's other person sees who holds it.
    expect(await whoAnswers(MINE.takeOver, "staff")).toBe(PEOPLE.owner);

    const replied = await post(MINE.takeOver, { intent: "reply", reply: "Hi, Dana from the bakery here." });
    expect(replied.status).toBe(302);
    const page = await (await get(`/portal/conversations/${MINE.takeOver}`)).text();
    expect(page).toContain("Hi, Dana from the bakery here.");
    // The operators see the same reply in the back-office, under the business person's name.
    const adminPage = await (await get(`/admin/session/${MINE.takeOver}`, "operator")).text();
    expect(adminPage).toContain("Hi, Dana from the bakery here.");
    expect(adminPage).toContain(PEOPLE.owner);

    const handedBack = await post(MINE.takeOver, { intent: "hand-back" });
    expect(handedBack.status).toBe(302);
    expect(await whoAnswers(MINE.takeOver, "owner")).toBe("alex");
    const log = await (await get(`/portal/conversations/${MINE.takeOver}`)).text();
    expect(log).toContain(`${PEOPLE.owner} took over`);
    expect(log).toContain(`${PEOPLE.owner} handed back to Alex`);
  });

  it("lets the business's staff take over too, and refuses the owner the staff's hold", async () => {
    expect((await post(MINE.staff, { intent: "take-over" }, "staff")).status).toBe(302);
    expect(await whoAnswers(MINE.staff, "staff")).toBe("me");
    const refused = await post(MINE.staff, { intent: "take-over" }, "owner");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(`${PEOPLE.staff} already holds this conversation.`);
    expect((await post(MINE.staff, { intent: "hand-back" }, "staff")).status).toBe(302);
  });

  it.each(["take-over", "reply", "hand-back"])(
    "answers a %s post on another client's session 404 and changes nothing",
    async (intent) => {
      const response = await post(OTHER.web, { intent, reply: "Not yours." });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Conversation not found");
      expect(await whoAnswers(OTHER.web, "otherOwner")).toBe("alex");
      const theirs = await (await get(`/portal/conversations/${OTHER.web}`, "otherOwner")).text();
      expect(theirs).not.toContain("Not yours.");
      expect(theirs).not.toContain(PEOPLE.owner);
    },
  );

  it.each([
    ["he", { intent: "delete-everything" }, 400, "פעולה לא מוכרת."],
    ["en", { intent: "delete-everything" }, 400, "Unknown action."],
    ["he", { intent: "reply", reply: "" }, 400, "כתבו תשובה."],
    ["en", { intent: "reply", reply: "a".repeat(MESSAGE_MAX_LENGTH + 1) }, 400, "The reply is too long"],
    ["en", { intent: "reply", reply: "Hello?" }, 409, "You no longer hold this conversation"],
    ["en", { intent: "hand-back" }, 409, "You no longer hold this conversation"],
  ] as const)("refuses bad input with a 4xx and a message (%s, %j)", async (language, fields, status, message) => {
    const response = await post(MINE.web, fields, "owner", language);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
  });
});

type Frame = { event: string; data: Record<string, unknown> };

/** A person's open live stream of the portal: its frames as they arrive, and the connection to close. */
async function openPortalStream(who: Who, query = "") {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/portal/live${query}`, {
    redirect: "manual",
    headers: { Cookie: cookies[who], Accept: "text/event-stream" },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  const reading = (async () => {
    if (!response.headers.get("Content-Type")?.startsWith("text/event-stream")) return;
    const decoder = new TextDecoder();
    let text = "";
    try {
      for await (const chunk of response.body!) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = text.indexOf("\n\n")) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) frames.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // Aborted by the test.
    }
  })();
  return {
    response,
    frames,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe("GET /portal/live", () => {
  it("carries the business's own events only, whatever client the address asks for", async () => {
    const stream = await openPortalStream("staff");
    const asking = await openPortalStream("staff", `?clientId=${ids.other}`);
    try {
      expect(stream.response.status).toBe(200);
      expect(asking.response.status).toBe(200);
      // The other business's event goes first: when ours has arrived, theirs would have too.
      expect((await post(OTHER.live, { intent: "take-over" }, "otherOwner")).status).toBe(302);
      expect((await post(MINE.live, { intent: "take-over" }, "owner")).status).toBe(302);
      for (const open of [stream, asking])
        await eventually(async () => open.frames.some((frame) => frame.data.sessionId === MINE.live));
      for (const open of [stream, asking]) {
        expect(open.frames.every((frame) => frame.data.clientId === ids.mine)).toBe(true);
        expect(open.frames.some((frame) => frame.data.sessionId === OTHER.live)).toBe(false);
      }
      expect(stream.frames.find((frame) => frame.data.sessionId === MINE.live)).toMatchObject({
        event: "handoff",
        data: { heldBy: PEOPLE.owner },
      });
    } finally {
      await stream.close();
      await asking.close();
    }
  });

  it("refuses a request that is not an event stream, and a bad filter, with a message", async () => {
    const plain = await get("/portal/live");
    expect(plain.status).toBe(406);
    expect(await plain.json()).toHaveProperty("error");
    const bad = await fetch(`${server.url}/portal/live?sessionId=${"x".repeat(300)}`, {
      headers: { Cookie: cookies.owner, Accept: "text/event-stream" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
  });

  it("sends an operator to the back-office", async () => {
    const response = await fetch(`${server.url}/portal/live`, {
      redirect: "manual",
      headers: { Cookie: cookies.operator, Accept: "text/event-stream" },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
  });
});
