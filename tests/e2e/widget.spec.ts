import type { Page, Route } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, expectNoSidewaysScroll, PHONE, test } from "./fixtures.ts";

/**
 * The chat UI alone in a tab, as the client list and the Hebrew investor page open it. One test talks
 * to the real message API (the built-in responder), as tests/e2e/wordpress.spec.ts does from a real
 * WordPress; the others answer it with a stand-in inside the test, to choose what it says (a slow
 * reply, a 429, a session of its own) and to see exactly what the widget sent.
 */
const NARROW = { width: 360, height: 740 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let license: string;

test.beforeAll(async ({ request }) => {
  const html = await (await request.get("/invest-he")).text();
  license = /license=(alex_[0-9a-f]{32})/.exec(html)![1]!;
});

type StandInReply = {
  reply: string;
  messageType?: string;
  sessionId?: string;
  status?: number;
  error?: string;
  delayMs?: number;
};

/**
 * What the widget sent: JSON, or with pictures a multipart form (the message as JSON in `payload`, each
 * picture's bytes in an `image` part), read back as the message with its pictures' names, types and bytes.
 */
async function readMessageBody(route: Route): Promise<Record<string, unknown>> {
  const request = route.request();
  const contentType = (await request.headerValue("content-type")) ?? "";
  if (!contentType.startsWith("multipart/form-data")) return request.postDataJSON() as Record<string, unknown>;
  const form = await new Request("http://stand-in/", {
    method: "POST",
    headers: { "content-type": contentType },
    body: new Uint8Array(request.postDataBuffer() ?? []),
  }).formData();
  const images = await Promise.all(
    form.getAll("image").map(async (part) => {
      const file = part as File;
      return { name: file.name, type: file.type, data: Buffer.from(await file.arrayBuffer()).toString("base64") };
    }),
  );
  return { ...(JSON.parse(String(form.get("payload"))) as Record<string, unknown>), images };
}

/** Answers POST /api/wordpress/messages as the issue's contract says: SSE deltas, then the whole reply. */
async function standInMessageApi(page: Page, replies: StandInReply[]) {
  const bodies: Record<string, unknown>[] = [];
  let sessionId = "sess_standin";
  await page.route("**/api/wordpress/messages*", async (route: Route) => {
    bodies.push(await readMessageBody(route));
    const next = replies.shift() ?? { reply: "…" };
    if (next.delayMs) await new Promise((resolve) => setTimeout(resolve, next.delayMs));
    if (next.status) {
      await route.fulfill({
        status: next.status,
        contentType: "application/json",
        body: JSON.stringify({ error: next.error }),
      });
      return;
    }
    sessionId = next.sessionId ?? sessionId;
    const final = {
      sessionId,
      messageId: bodies.length,
      reply: next.reply,
      messageType: next.messageType ?? "general",
      cost: 0,
    };
    const words = next.reply.split(/(?<= )/);
    const events = [
      ...words.map((delta) => `event: delta\ndata: ${JSON.stringify({ text: delta })}\n\n`),
      `event: done\ndata: ${JSON.stringify(final)}\n\n`,
    ];
    await route.fulfill({ status: 200, contentType: "text/event-stream", body: events.join("") });
  });
  return bodies;
}

const chatUrl = (language?: "en") => `/api/wordpress/chat-ui?license=${license}${language ? `&lang=${language}` : ""}`;

test.describe("the chat UI", () => {
  test("greets in Hebrew, right to left, sends with Enter and shows the streamed reply", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const sent = await standInMessageApi(page, [{ reply: "אפשר להתקין את Alex בתוך 5 דקות.", delayMs: 400 }]);
    await page.goto(chatUrl());
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const log = page.getByRole("log", { name: "השיחה" });
    await expect(log).toContainText("שלום! אני Alex");
    await expect(page.getByRole("button", { name: "סגירת הצ׳אט" })).toBeHidden();

    const input = page.getByRole("textbox", { name: "ההודעה שלך" });
    await input.fill("כמה זמן לוקחת ההתקנה?");
    await input.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Alex מקליד…" })).toBeVisible();
    await expect(log).toContainText("אפשר להתקין את Alex בתוך 5 דקות.");
    await expect(page.getByRole("status").filter({ hasText: "Alex מקליד…" })).toBeHidden();
    await expect(input).toHaveValue("");
    await expect(log.locator(".message")).toHaveCount(3);
    for (const message of await log.locator(".message").all()) await expect(message).toHaveAttribute("dir", "auto");

    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      license,
      clientMessageId: expect.stringMatching(UUID),
      message: "כמה זמן לוקחת ההתקנה?",
    });
    expect(await page.evaluate((key) => localStorage.getItem(`alex:${key}:session`), license)).toBe("sess_standin");
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "screenshots/widget-he-phone.png" });
  });

  for (const [language, viewport, width] of [
    ["he", PHONE, "phone"],
    ["en", DESKTOP, "desktop"],
  ] as const) {
    test(`(${language}, ${width}) a reply's link is a real link, and its phone number and price read as written`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(viewport);
      const address = `${baseURL}/minimal-chat-demo`;
      const reply =
        language === "he"
          ? `ההזמנות באתר: ${address}/ או בטלפון 050 123 4567. עוגה ב־₪1,200.50 (+972 3-555-1234).`
          : `Order on ${address}/ or call 050 123 4567. A cake is ₪1,200.50 (+972 3-555-1234).`;
      await standInMessageApi(page, [{ reply }]);
      await page.goto(chatUrl(language === "en" ? "en" : undefined));
      const input = page.getByRole("textbox");
      await input.fill(language === "he" ? "איך מזמינים?" : "How do I order?");
      await input.press("Enter");
      const bubble = page.getByRole("log").locator(".message.assistant").nth(1);
      await expect(bubble).toContainText("050 123 4567");

      const link = bubble.getByRole("link", { name: `${address}/` });
      await expect(link).toHaveAttribute("href", `${address}/`);
      await expect(link).toHaveAttribute("rel", "noopener nofollow");
      await expect(link).toHaveAttribute("target", "_blank");
      // Isolated left to right: in a Hebrew sentence the trailing slash stays at the address's end.
      await expect(bubble.locator("bdi[dir=ltr]")).toHaveText([
        `${address}/`,
        "050 123 4567",
        "₪1,200.50",
        "+972 3-555-1234",
      ]);
      // The bubble runs in its text's direction, whatever the speaker's name hidden in it.
      await expect(bubble).toHaveCSS("direction", language === "he" ? "rtl" : "ltr");
      // Drawn as written: each isolated run's first character is left of its last.
      for (const isolate of await bubble.locator("bdi[dir=ltr]").all()) {
        const [first, last] = await isolate.evaluate((element) => {
          const text =
            element.firstChild!.nodeType === Node.TEXT_NODE ? element.firstChild! : element.firstChild!.firstChild!;
          const at = (offset: number) => {
            const range = document.createRange();
            range.setStart(text, offset);
            range.setEnd(text, offset + 1);
            return range.getBoundingClientRect().x;
          };
          return [at(0), at(text.textContent!.length - 1)];
        });
        expect(first).toBeLessThan(last);
      }
      await page.screenshot({ path: `screenshots/widget-links-${language}-${width}.png` });

      const [opened] = await Promise.all([page.waitForEvent("popup"), link.click()]);
      await expect(opened).toHaveURL(`${address}/`);
      expect(await opened.evaluate(() => window.opener)).toBeNull();
      await opened.close();
    });
  }

  test("continues the session after a reload, showing the earlier messages", async ({ page }) => {
    const sent = await standInMessageApi(page, [{ reply: "Hello again", sessionId: "sess_kept" }, { reply: "Sure" }]);
    await page.route("**/api/wordpress/history*", (route) =>
      route.fulfill({
        contentType: "application/json",
        body: JSON.stringify({
          sessionId: "sess_kept",
          messages: [
            {
              userMessage: "Hi",
              aiResponse: "Hello again",
              messageType: "conversation",
              images: 0,
              createdAt: new Date().toISOString(),
            },
          ],
        }),
      }),
    );
    await page.goto(chatUrl("en"));
    await page.getByRole("textbox", { name: "Your message" }).fill("Hi");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("log")).toContainText("Hello again");

    await page.reload();
    const log = page.getByRole("log", { name: "Conversation" });
    await expect(log.locator(".message.visitor")).toHaveText("You: Hi");
    await expect(log.locator(".message.assistant").nth(1)).toHaveText("Alex: Hello again");
    await page.getByRole("textbox", { name: "Your message" }).fill("One more thing");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(log).toContainText("Sure");
    expect(sent[1]).toMatchObject({ sessionId: "sess_kept", message: "One more thing" });
  });

  test("shows the API's error in the visitor's language, and retries with the same clientMessageId", async ({
    page,
  }) => {
    const sent = await standInMessageApi(page, [
      { status: 429, error: "Too many messages. Please wait a minute.", reply: "" },
      { reply: "Here I am" },
    ]);
    await page.goto(chatUrl("en"));
    await page.getByRole("textbox", { name: "Your message" }).fill("Are you there?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Too many messages\. Please wait a minute\./);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("log")).toContainText("Here I am");
    await expect(page.getByRole("alert")).toHaveCount(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.clientMessageId).toBe(sent[0]!.clientMessageId);
    await expect(page.getByRole("log").locator(".message.visitor")).toHaveCount(1);
  });

  test("takes up to 3 JPEG, PNG or WebP images, previewed and removable, and refuses the rest before sending", async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const sent = await standInMessageApi(page, [{ reply: "Nice pictures" }]);
    await page.goto(chatUrl("en"));
    const picker = page.getByLabel("Add images");
    await picker.setInputFiles([
      { name: "one.png", mimeType: "image/png", buffer: PNG },
      { name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") },
      { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
    ]);
    await expect(page.getByRole("alert")).toHaveText(
      "notes.pdf is not a JPEG, PNG or WebP image. huge.jpg is larger than 5 MB.",
    );
    await picker.setInputFiles([
      { name: "two.png", mimeType: "image/png", buffer: PNG },
      { name: "three.webp", mimeType: "image/webp", buffer: PNG },
      { name: "four.png", mimeType: "image/png", buffer: PNG },
    ]);
    await expect(page.getByRole("alert")).toHaveText("You can send up to 3 images at a time: four.png was not added.");
    await expect(page.getByRole("button", { name: /^Remove the image/ })).toHaveCount(3);
    await page.getByRole("button", { name: "Remove the image two.png" }).click();
    await expect(page.getByRole("button", { name: /^Remove the image/ })).toHaveCount(2);
    await page.screenshot({ path: "screenshots/widget-en-images-desktop.png" });

    await page.getByRole("textbox", { name: "Your message" }).fill("What do you think?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("log")).toContainText("Nice pictures");
    await expect(page.getByRole("img", { name: "Image you sent: one.png" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Remove the image/ })).toHaveCount(0);
    expect(sent[0]!.images).toEqual([
      { name: "one.png", type: "image/png", data: PNG.toString("base64") },
      { name: "three.webp", type: "image/webp", data: PNG.toString("base64") },
    ]);
  });

  test("asks once whether it helped, after the third reply, and sends the answer", async ({ page }) => {
    await standInMessageApi(page, [
      { reply: "One", sessionId: "sess_feedback" },
      { reply: "Two" },
      { reply: "Three" },
      { reply: "Four" },
    ]);
    const feedback: unknown[] = [];
    await page.route("**/api/wordpress/feedback*", async (route) => {
      feedback.push(route.request().postDataJSON());
      await route.fulfill({ status: 204 });
    });
    await page.goto(chatUrl("en"));
    const input = page.getByRole("textbox", { name: "Your message" });
    for (const [index, word] of ["One", "Two", "Three"].entries()) {
      await expect(page.getByRole("group", { name: "Was this helpful?" })).toHaveCount(0);
      await input.fill(`Message ${index + 1}`);
      await input.press("Enter");
      await expect(page.getByRole("log")).toContainText(word);
    }
    const question = page.getByRole("group", { name: "Was this helpful?" });
    await expect(question).toBeVisible();
    await expectNoAxeViolations(page);
    await question.getByRole("button", { name: "👍 Yes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you for your feedback!" })).toBeVisible();
    await expect.poll(() => feedback).toEqual([{ license, sessionId: "sess_feedback", helpful: true }]);
    await input.fill("Message 4");
    await input.press("Enter");
    await expect(page.getByRole("log")).toContainText("Four");
    await expect(page.getByRole("group", { name: "Was this helpful?" })).toHaveCount(0);
  });

  test("with the real message API: an image, three replies, the feedback question, and a reload that continues", async ({
    page,
  }) => {
    await page.goto(chatUrl("en"));
    const input = page.getByRole("textbox", { name: "Your message" });
    const log = page.getByRole("log", { name: "Conversation" });
    await page.getByLabel("Add images").setInputFiles([{ name: "shop.png", mimeType: "image/png", buffer: PNG }]);
    for (const [index, question] of [
      "How much does Alex cost?",
      "How long does installing take?",
      "Do you speak Hebrew?",
    ].entries()) {
      await input.fill(question);
      await input.press("Enter");
      await expect(log.locator(".message.assistant")).toHaveCount(index + 2, { timeout: 20_000 });
    }
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByRole("img", { name: "Image you sent: shop.png" })).toBeVisible();
    const question = page.getByRole("group", { name: "Was this helpful?" });
    await question.getByRole("button", { name: "👎 No" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you for your feedback!" })).toBeVisible();
    const replies = await log.locator(".message.assistant").allTextContents();

    await page.reload();
    await expect(log.locator(".message.visitor")).toHaveCount(3);
    await expect(log.locator(".message.visitor").first()).toContainText("How much does Alex cost?");
    await expect(log.locator(".message.visitor").first()).toContainText("🖼");
    await expect(log.locator(".message.assistant")).toHaveText(replies);
    await expect(page.getByRole("group", { name: "Was this helpful?" })).toHaveCount(0);
  });

  test("is comfortable on a 360 px phone, in both languages", async ({ page }) => {
    await page.setViewportSize(NARROW);
    for (const language of [undefined, "en"] as const) {
      await page.goto(chatUrl(language));
      await expectNoSidewaysScroll(page);
      const input = page.getByRole("textbox");
      const send = page.getByRole("button", { name: language ? "Send" : "שליחה" });
      const [inputBox, sendBox] = [await input.boundingBox(), await send.boundingBox()];
      expect(inputBox!.width).toBeGreaterThan(200);
      expect(sendBox!.width).toBeGreaterThanOrEqual(44);
      await expectNoAxeViolations(page);
    }
  });

  test.describe("a wrong license", () => {
    test.use({ expectedErrorPages: /^\/api\/wordpress\/chat-ui\?license=alex_wrong/ });

    test("screenshots: the widget in English on a desktop, and the pages for a wrong license", async ({ page }) => {
      await page.setViewportSize({ width: 400, height: 640 });
      await page.goto(chatUrl("en"));
      await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
      await page.screenshot({ path: "screenshots/widget-en-desktop.png" });
      const missing = await page.goto("/api/wordpress/chat-ui?license=alex_wrong");
      expect(missing!.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("הצ׳אט לא נמצא");
      await expectNoAxeViolations(page);
      await page.screenshot({ path: "screenshots/widget-not-found-he.png" });
    });
  });
});
