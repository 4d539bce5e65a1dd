import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enBilling from "~/locales/en/billing.json";
import en from "~/locales/en/clients.json";
import heBilling from "~/locales/he/billing.json";
import he from "~/locales/he/clients.json";
import { startOpenAiStandIn, type Behaviour, type OpenAiStandIn } from "../../support/openai-stand-in.ts";
import { operatorCookieOn, serverDatabases, startServerOn, type RunningServer } from "../../support/server.ts";
import { postMessage } from "../../support/traffic.ts";

/**
 * With a model, every turn's tokens are stored with its message and the client's Usage & Billing tab
 * shows the month's sum beside its charges: the provider's own `usage` when it sends one, counted with
 * the tokenizer when it does not, every round trip of a turn with tool calls summed. Each case has a
 * client of its own, so the tab's figures are that one turn's stored tokens.
 */
describe.each(serverDatabases)("a model turn's tokens (%s database)", (database) => {
  let standIn: OpenAiStandIn;
  let server: RunningServer;
  let cookie: string;
  let clientCount = 0;

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    server = await startServerOn(database, { AI_BASE_URL: standIn.baseUrl, AI_MODEL: "test-model" });
    cookie = await operatorCookieOn(server);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  /** A new billed client, created as an operator does, and its license. */
  async function newClient() {
    const businessName = `Tokens Bakery ${++clientCount}`;
    const created = await fetch(`${server.url}/admin/clients`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({
        intent: "create",
        businessName,
        ownerEmail: `owner${clientCount}@bakery.example`,
        websiteDomain: `bakery${clientCount}.example`,
        businessType: "restaurant",
        plan: "premium",
      }),
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    const clients = (await (await fetch(`${server.url}/api/clients`, { headers: { Cookie: cookie } })).json()) as {
      id: number;
      businessName: string;
      licenseKey: string;
    }[];
    return clients.find((client) => client.businessName === businessName)!;
  }

  /** One visitor turn against the behaviours given, as a stream; the reply the visitor got. */
  async function turn(license: string, message: string, ...behaviours: Behaviour[]) {
    standIn.script(...behaviours);
    const outcome = await postMessage(server.url, { license, message }, { accept: "text/event-stream" });
    expect(outcome.status).toBe(200);
    const done = /^event: done\ndata: (.*)$/m.exec(outcome.body)?.[1];
    return (JSON.parse(done!) as { reply: string }).reply;
  }

  /** The Usage & Billing tab's month figures, by their labels, in the language asked for. */
  async function monthFigures(clientId: number, language: "he" | "en") {
    const response = await fetch(`${server.url}/admin/clients/${clientId}?tab=usage&lng=${language}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const labels = (language === "he" ? he : en).detail.usage.tokens;
    expect(html).toContain(labels.title);
    const figure = (label: string) => {
      const value = new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]*)</dd>`).exec(html)?.[1];
      if (value === undefined) throw new Error(`No figure "${label}" on the tab:\n${html}`);
      return value;
    };
    return {
      html,
      charged: figure(labels.charged),
      prompt: Number(figure(labels.prompt).replace(/\D/g, "")),
      reply: Number(figure(labels.reply).replace(/\D/g, "")),
      turns: Number(figure(labels.turns).replace(/\D/g, "")),
    };
  }

  it("stores the provider's usage and shows it beside the month's charges, in English and Hebrew", async () => {
    const client = await newClient();
    const before = await monthFigures(client.id, "en");
    expect(before).toMatchObject({ prompt: 0, reply: 0, turns: 0 });
    expect(before.html).toContain(en.detail.usage.tokens.none);

    const reply = await turn(client.licenseKey, "When do you open on Friday?", {
      kind: "reply",
      chunks: ["We open ", "at 7:00."],
      usage: { prompt_tokens: 1234, completion_tokens: 56 },
    });
    expect(reply).toBe("We open at 7:00.");
    // The server asked for the usage in the stream.
    expect(standIn.received.at(-1)!.body.stream_options).toEqual({ include_usage: true });

    const english = await monthFigures(client.id, "en");
    expect(english).toMatchObject({ prompt: 1234, reply: 56, turns: 1, charged: "$1" });
    expect(english.html).toContain(en.detail.usage.tokens.fromProvider);
    const hebrew = await monthFigures(client.id, "he");
    expect(hebrew).toMatchObject({ prompt: 1234, reply: 56, turns: 1 });
    expect(hebrew.html).toContain(he.detail.usage.tokens.fromProvider);

    // The billing page's month in progress has the client's tokens, prompt and reply, in their column.
    for (const [language, column] of [
      ["en", enBilling.inProgress.columns.tokens],
      ["he", heBilling.inProgress.columns.tokens],
    ] as const) {
      const billing = await fetch(`${server.url}/admin/billing?lng=${language}`, { headers: { Cookie: cookie } });
      expect(billing.status).toBe(200);
      const html = await billing.text();
      expect(html).toContain(column);
      expect(html).toContain(new Intl.NumberFormat(language === "he" ? "he-IL" : "en-US").format(1234 + 56));
    }
  });

  it("counts the tokens with the tokenizer when the provider sends no usage", async () => {
    const client = await newClient();
    await turn(client.licenseKey, "מתי אתם פתוחים ביום שישי?", {
      kind: "reply",
      chunks: ["אנחנו פתוחים ", "ביום שישי עד 13:30."],
    });
    const english = await monthFigures(client.id, "en");
    // The system prompt, the tools' descriptions and the question: hundreds of tokens, not thousands.
    expect(english.prompt).toBeGreaterThan(200);
    expect(english.prompt).toBeLessThan(3000);
    expect(english.reply).toBeGreaterThan(3);
    expect(english.reply).toBeLessThan(20);
    expect(english.turns).toBe(1);
    expect(english.html).toContain(en.detail.usage.tokens.counted_one.replace("{{count}}", "1"));
    const hebrew = await monthFigures(client.id, "he");
    expect(hebrew).toMatchObject({ prompt: english.prompt, reply: english.reply });
    expect(hebrew.html).toContain(he.detail.usage.tokens.counted_one);
  });

  it("sums both round trips of a turn with a tool call", async () => {
    const client = await newClient();
    const sentBefore = standIn.received.length;
    const reply = await turn(
      client.licenseKey,
      "How do I keep a cake fresh overnight?",
      {
        kind: "tools",
        calls: [{ name: "mark_reply", arguments: { type: "solution" } }],
        usage: { prompt_tokens: 900, completion_tokens: 25 },
      },
      {
        kind: "reply",
        chunks: ["Keep it covered ", "in the fridge."],
        usage: { prompt_tokens: 960, completion_tokens: 9 },
      },
    );
    expect(reply).toBe("Keep it covered in the fridge.");
    // Two round trips: the second carried the tool's result.
    const sent = standIn.received.slice(sentBefore);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.messages.some((message) => message.role === "tool")).toBe(true);
    expect(await monthFigures(client.id, "en")).toMatchObject({ prompt: 1860, reply: 34, turns: 1 });
  });

  it("counts a tool-call turn whose last round trip came without usage, and says so", async () => {
    const client = await newClient();
    await turn(
      client.licenseKey,
      "Mark this as a solution please",
      {
        kind: "tools",
        calls: [{ name: "mark_reply", arguments: { type: "solution" } }],
        usage: { prompt_tokens: 900, completion_tokens: 12 },
      },
      { kind: "reply", chunks: ["Here is the solution."] },
    );
    const figures = await monthFigures(client.id, "en");
    // The provider's 900 and the counted second prompt, which holds the first and the tool's answer.
    expect(figures.prompt).toBeGreaterThan(900 + 200);
    expect(figures.reply).toBeGreaterThan(12);
    expect(figures.html).toContain(en.detail.usage.tokens.counted_one.replace("{{count}}", "1"));
  });

  it("stores no tokens for a failed model turn: the visitor's fallback cost nothing", async () => {
    const client = await newClient();
    await turn(client.licenseKey, "Anything?", { kind: "status", status: 500 });
    expect(await monthFigures(client.id, "en")).toMatchObject({ prompt: 0, reply: 0, turns: 0 });
  });
});
