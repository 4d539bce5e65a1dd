import { CHAT_API_PATHS } from "../../app/conversations/chat-contract.ts";
import type { Page, Request } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";

const CHAT = "/minimal-chat-demo";
const PREVIEW = "/test-plugin-preview";
const MESSAGES_API = CHAT_API_PATHS.messages;
const NARROW = { width: 360, height: 740 };

function recordMessageRequests(page: Page) {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === MESSAGES_API) requests.push(request);
  });
  return requests;
}

let visitorCounter = 0;

test.describe("minimal chat demo", () => {
  // Every test its own visitor address (the server trusts X-Forwarded-For from loopback), so the
  // message API's per-address limit counts each test alone.
  test.beforeEach(async ({ page }, testInfo) => {
    await page.setExtraHTTPHeaders({
      "X-Forwarded-For": `198.18.${testInfo.workerIndex + 100}.${(++visitorCounter % 250) + 1}`,
    });
  });

  test("shows the brand and subtitle in Hebrew, right to left, and in English", async ({ page }) => {
    await page.goto(CHAT);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alex");
    await expect(page.getByText("עובד ה-AI שלך, זמין ללקוחות שלך מסביב לשעון")).toBeVisible();
    await expect(page).toHaveTitle("הדגמת צ'אט | Alex");

    await page.goto(`${CHAT}?lng=en`);
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByText("Your AI employee, here for your customers around the clock")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
  });

  test("Enter sends, Shift+Enter starts a new line; the message goes to the demo client through the message API", async ({
    page,
  }) => {
    const sent = recordMessageRequests(page);
    await gotoHydrated(page, CHAT);
    const input = page.getByRole("textbox", { name: "ההודעה שלך" });
    await input.pressSequentially("שלום");
    await input.press("Shift+Enter");
    await input.pressSequentially("עולם");
    await expect(input).toHaveValue("שלום\nעולם");
    expect(sent).toHaveLength(0);

    const request = page.waitForRequest((each) => new URL(each.url()).pathname === MESSAGES_API);
    await input.press("Enter");
    const body = (await request).postDataJSON();
    expect(body).toEqual({
      license: expect.stringMatching(/^alex_[0-9a-f]{32}$/),
      sessionId: null,
      clientMessageId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      message: "שלום\nעולם",
    });
    await expect(input).toHaveValue("");
    await expect(page.getByRole("log").getByText("שלום עולם", { exact: true })).toBeVisible();
  });

  test("talks with Alex through the message API: the reply appears, and the conversation goes on in one session", async ({
    page,
  }) => {
    const sent = recordMessageRequests(page);
    await gotoHydrated(page, CHAT);
    const input = page.getByRole("textbox", { name: "ההודעה שלך" });
    const log = page.getByRole("log", { name: "שיחה עם Alex" });
    const firstAnswer = page.waitForResponse((each) => new URL(each.url()).pathname === MESSAGES_API);
    await input.fill("כמה עולה המנוי?");
    await page.getByRole("button", { name: "שליחה" }).click();
    const first = (await (await firstAnswer).json()) as { sessionId: string; messageType: string };
    expect(first.messageType).toBe("conversation");
    // The first reply answers the question; the greeting shows once, as the first bubble, and is not repeated.
    await expect(log.getByText("המנוי עולה $50 לחודש", { exact: false })).toBeVisible();
    await expect(log.getByText("שלום! אני Alex", { exact: false })).toHaveCount(1);
    await expectNoAxeViolations(page);

    await input.fill("קוראים לי דנה, 050-1234567");
    await input.press("Enter");
    // The demo client asks consent, as every client does by default: without the box ticked the
    // details are not kept and Alex asks for the consent instead.
    await expect(log.getByText("צריך את הסכמתכם", { exact: false })).toBeVisible();
    expect(sent[1]!.postDataJSON().sessionId).toBe(first.sessionId);
    await expect(page.getByRole("link", { name: "מדיניות הפרטיות" })).toHaveAttribute("href", "/privacy");

    const consent = page.getByRole("checkbox", { name: "אני מסכים/ה ש", exact: false });
    await consent.check();
    const agreedAnswer = page.waitForResponse((each) => new URL(each.url()).pathname === MESSAGES_API);
    await input.fill("קוראים לי דנה, 050-1234567");
    await input.press("Enter");
    expect(((await (await agreedAnswer).json()) as { messageType: string }).messageType).toBe("contact_collected");
    await expect(log.getByText("צריך את הסכמתכם", { exact: false })).toHaveCount(1);
    expect(sent[2]!.postDataJSON()).toMatchObject({ sessionId: first.sessionId, consent: true });
    // The session keeps the consent from now on: the box shows it given.
    await expect(consent).toBeDisabled();
    await expect(consent).toBeChecked();

    // The reply repeats the phone number: on the narrowest phone it stays whole on one line, never
    // broken at its hyphen.
    await page.setViewportSize({ width: 320, height: 700 });
    const phone = log.locator("bdi", { hasText: "050-1234567" }).last();
    await expect(phone).toBeVisible();
    await expect(phone).toHaveCSS("white-space", "nowrap");
    expect(await phone.evaluate((element) => element.getClientRects().length)).toBe(1);
  });

  test("opens with the greeting in the page's language, as the widget does", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, CHAT);
    const log = page.getByRole("log", { name: "שיחה עם Alex" });
    await expect(log.locator("p")).toHaveText([
      "שלום! אני Alex, העוזר הדיגיטלי שעונה ללקוחות שלכם 24/7. איך אפשר לעזור?",
    ]);
    await expect(log.getByText("כתבו הודעה כדי להתחיל שיחה.")).toHaveCount(0);
    await page.screenshot({ path: "screenshots/demo-greeting-he-phone.png" });
    // The demo client has no English greeting of its own: an English page opens with ours, not the Hebrew one.
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, `${CHAT}?lng=en`);
    await expect(page.getByRole("log").locator("p")).toHaveText(["Hello! How can I help you today?"]);
    await page.screenshot({ path: "screenshots/demo-greeting-en-desktop.png" });
  });

  test("answers in English when the visitor writes English", async ({ page }) => {
    await gotoHydrated(page, `${CHAT}?lng=en`);
    await page.getByRole("textbox", { name: "Your message" }).fill("Hi, what can Alex do?");
    await page.getByRole("textbox", { name: "Your message" }).press("Enter");
    // The reply answers from what Alex AI taught, without greeting again.
    await expect(page.getByRole("log").getByText("Alex", { exact: false }).nth(1)).toBeVisible();
    await expect(page.getByRole("log").getByText("digital assistant of Alex AI", { exact: false })).toHaveCount(0);
    await expect(page.getByRole("log").getByText("Alex is replying…")).toHaveCount(0);
  });

  test("says honestly when Alex is not reachable, and retries the same message", async ({ page }) => {
    const sent = recordMessageRequests(page);
    let failNext = true;
    await page.route(`**${MESSAGES_API}`, async (route) => {
      if (failNext) {
        failNext = false;
        // As if the API were not there (a 4xx, which the page reports without a console error).
        await route.fulfill({ status: 404, json: { error: "Not found" } });
      } else {
        await route.continue();
      }
    });
    await gotoHydrated(page, CHAT);
    await page.getByRole("textbox", { name: "ההודעה שלך" }).fill("מה שעות הפתיחה?");
    await page.getByRole("button", { name: "שליחה" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Alex" })).toHaveText(
      "Alex אינו זמין כרגע, נא לנסות שוב מאוחר יותר.",
    );
    const log = page.getByRole("log", { name: "שיחה עם Alex" });
    await expect(log.getByText("ההודעה לא נמסרה.")).toBeVisible();
    await expectNoAxeViolations(page);

    const retried = page.waitForResponse(
      (each) => new URL(each.url()).pathname === MESSAGES_API && each.status() === 200,
    );
    await log.getByRole("button", { name: "ניסיון חוזר" }).click();
    await expect.poll(() => sent.length).toBe(2);
    expect(sent[1]!.postDataJSON().clientMessageId).toBe(sent[0]!.postDataJSON().clientMessageId);
    await expect(log.getByText("ההודעה לא נמסרה.")).toHaveCount(0);
    const { reply } = (await (await retried).json()) as { reply: string };
    await expect(log.getByText(reply.split("\n")[0]!, { exact: false })).toBeVisible();
  });

  test("keeps the message to the demo's 500 characters and sends it trimmed", async ({ page }) => {
    await gotoHydrated(page, `${CHAT}?lng=en`);
    const input = page.getByRole("textbox", { name: "Your message" });
    await input.fill(`  ${"a".repeat(600)}`);
    await expect(input).toHaveValue(`  ${"a".repeat(498)}`);
    await expect(page.getByText("500/500 characters")).toBeVisible();

    await input.fill(`   ${"b".repeat(497)}`);
    const request = page.waitForRequest((each) => new URL(each.url()).pathname === MESSAGES_API);
    await input.press("Enter");
    expect((await request).postDataJSON().message).toBe("b".repeat(497));
  });

  test("sends nothing while the input is empty or only spaces", async ({ page }) => {
    const sent = recordMessageRequests(page);
    await gotoHydrated(page, `${CHAT}?lng=en`);
    const input = page.getByRole("textbox", { name: "Your message" });
    const send = page.getByRole("button", { name: "Send" });
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await input.fill("   \n\t  ");
    await expect(send).toBeDisabled();
    await input.press("Enter");
    await expect(input).toHaveValue("   \n\t  ");
    await page.waitForTimeout(300);
    expect(sent).toHaveLength(0);
    await expect(page.getByRole("log").getByText("Hello! How can I help you today?")).toBeVisible();
  });

  test("disables sending while a message is on its way", async ({ page }) => {
    const sent = recordMessageRequests(page);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Only the runtime's message API is held back, so "sending" lasts long enough to act in.
    await page.route(`**${MESSAGES_API}`, async (route) => {
      await released;
      await route.continue();
    });
    await gotoHydrated(page, `${CHAT}?lng=en`);
    const input = page.getByRole("textbox", { name: "Your message" });
    await input.fill("First question");
    await input.press("Enter");
    const sending = page.getByRole("button", { name: "Sending…" });
    await expect(sending).toBeDisabled();
    await expect(page.getByRole("log").getByText("Alex is replying…")).toBeVisible();

    await input.fill("Second question");
    await expect(sending).toBeDisabled();
    await input.press("Enter");
    await sending.click({ force: true });
    await expect(input).toHaveValue("Second question");
    expect(sent).toHaveLength(1);

    release();
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await expect(page.getByRole("log").getByText("Alex is replying…")).toHaveCount(0);
    expect(sent).toHaveLength(1);
  });

  test("keeps the recent searches after a reload, newest first, and reuses one", async ({ page }) => {
    await gotoHydrated(page, `${CHAT}?lng=en`);
    await expect(page.getByText("Your last messages will appear here.")).toBeVisible();
    const input = page.getByRole("textbox", { name: "Your message" });
    for (const text of ["Opening hours", "Prices", "Opening hours", "Delivery"]) {
      await input.fill(text);
      await input.press("Enter");
      // The input empties in the same update that starts the send, so "replying" is shown by then.
      await expect(input).toHaveValue("");
      await expect(page.getByRole("log").getByText("Alex is replying…")).toHaveCount(0);
    }

    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll("main li").length > 0);
    const recent = page.getByRole("region", { name: "Recent searches" }).getByRole("listitem");
    await expect(recent).toHaveText(["Delivery", "Opening hours", "Prices"]);
    await expect(page.getByRole("log").getByText("Delivery")).toHaveCount(0);

    await recent.getByRole("button", { name: "Prices" }).click();
    await expect(input).toHaveValue("Prices");
    await expect(input).toBeFocused();

    await page.getByRole("button", { name: "Clear" }).click();
    await expect(page.getByText("Your last messages will appear here.")).toBeVisible();
  });

  test("settings edit the brand name and subtitle with a live preview, kept after a reload", async ({ page }) => {
    await gotoHydrated(page, CHAT);
    const toggle = page.getByRole("button", { name: "הגדרות" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const settings = page.getByRole("region", { name: "הגדרות הדף" });

    await settings.getByLabel("שם המותג").fill("פיצה רומא");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("פיצה רומא");
    await settings.getByLabel("כותרת משנה").pressSequentially("הזמנות עד הבית");
    await expect(page.getByText("הזמנות עד הבית", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("פיצה רומא");
    await page.getByRole("button", { name: "הגדרות" }).click();
    await page.getByRole("button", { name: "שחזור ברירת המחדל" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alex");
    await expect(page.getByRole("region", { name: "הגדרות הדף" }).getByLabel("שם המותג")).toHaveValue("");

    await toggle.click();
    await expect(page.getByRole("region", { name: "הגדרות הדף" })).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("explains that the chat needs JavaScript and offers no working send", async ({ page }) => {
      await page.goto(CHAT);
      // Playwright's text locators skip <noscript>; the rendered text shows what the visitor reads.
      expect(await page.locator("main").innerText()).toContain("הדגמת הצ'אט דורשת JavaScript.");
      await expect(page.getByRole("button", { name: "שליחה" })).toBeDisabled();
    });
  });
});

test.describe("plugin preview", () => {
  test("asks in Hebrew to fill in all fields, and marks the empty ones", async ({ page }) => {
    await gotoHydrated(page, PREVIEW);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "שליחת פרטים" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "נא" })).toHaveText("נא למלא את כל השדות");
    await expect(page.getByLabel("טלפון")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("שם מלא")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("יש להזין מספר טלפון.")).toBeVisible();

    await page.getByLabel("טלפון").fill("050-1234567");
    await expect(page.getByRole("alert").filter({ hasText: "נא" })).toHaveText("נא למלא את כל השדות");
    await page.getByLabel("שם מלא").fill("   ");
    await page.getByRole("button", { name: "שליחת פרטים" }).click();
    await expect(page.getByText("יש להזין שם מלא.")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("accepts only digits, spaces and dashes in the phone, up to 15 characters, and a name up to 50", async ({
    page,
  }) => {
    await gotoHydrated(page, `${PREVIEW}?lng=en`);
    const phone = page.getByLabel("Phone");
    const name = page.getByLabel("Full name");
    const submit = page.getByRole("button", { name: "Send details" });
    await name.fill("Dana Levi");

    await phone.fill("+972 50 123");
    await submit.click();
    await expect(page.getByText("Use digits, spaces and dashes only.")).toBeVisible();
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/^Preview only/)).toHaveCount(0);

    // The fields take no more than that: the sixteenth character and the fifty-first are not typed in.
    await phone.fill("050 123-45678901");
    await expect(phone).toHaveValue("050 123-4567890");
    await expect(phone).toHaveAttribute("maxlength", "15");
    await expect(phone).not.toHaveAttribute("aria-invalid", "true");

    await name.fill("x".repeat(51));
    await expect(name).toHaveValue("x".repeat(50));
    await expect(name).toHaveAttribute("maxlength", "50");
    await submit.click();
    await expect(page.getByRole("alert").filter({ hasText: "Preview only" })).toBeVisible();
  });

  test("a valid submit only shows the preview alert and makes no network request", async ({ page }) => {
    await gotoHydrated(page, `${PREVIEW}?lng=en`);
    await page.waitForLoadState("networkidle");
    const requests: string[] = [];
    page.on("request", (request) => requests.push(`${request.method()} ${request.url()}`));

    await page.getByLabel("Phone").fill("050-123 4567");
    await page.getByLabel("Full name").fill("  Dana Levi  ");
    await page.getByRole("button", { name: "Send details" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Preview only" })).toHaveText(
      "Preview only: in the plugin, the details of Dana Levi would now be sent to the business through Alex. Nothing was sent from this page.",
    );
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    await expect(page).toHaveURL(`${PREVIEW}?lng=en`);
    await expect(page.getByLabel("Full name")).toHaveValue("  Dana Levi  ");
    await expectNoAxeViolations(page);

    await page.getByLabel("Phone").fill("050-123 456");
    await expect(page.getByRole("alert").filter({ hasText: "Preview only" })).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the page itself checks the same rules, keeps nothing and shows the same preview", async ({ page }) => {
      await page.goto(PREVIEW);
      await page.getByRole("button", { name: "שליחת פרטים" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "נא" })).toHaveText("נא למלא את כל השדות");

      await page.getByLabel("טלפון").fill("phone");
      await page.getByLabel("שם מלא").fill("דנה לוי");
      await page.getByRole("button", { name: "שליחת פרטים" }).click();
      await expect(page.getByText("ניתן להשתמש רק בספרות, ברווחים ובמקפים.")).toBeVisible();
      await expect(page.getByLabel("שם מלא")).toHaveValue("דנה לוי");

      await page.getByLabel("טלפון").fill("050-1234567");
      await page.getByRole("button", { name: "שליחת פרטים" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "תצוגה מקדימה בלבד" })).toContainText("הפרטים של דנה לוי");
    });
  });

  test("answers a bad post with 400 in the page's language, never a 500", async ({ page }) => {
    const response = await page.request.post(`${PREVIEW}?lng=en`, { form: { phone: "1".repeat(16), fullName: "" } });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please fill in all fields");
    expect(html).toContain("At most 15 characters.");
  });
});

for (const language of ["he", "en"] as const) {
  for (const path of [CHAT, PREVIEW]) {
    test(`${path} in ${language}: no axe violations, nothing scrolls sideways at 360 px`, async ({ page }) => {
      await page.setViewportSize(NARROW);
      await gotoHydrated(page, `${path}?lng=${language}`);
      await expectNoSidewaysScroll(page);
      await expectNoAxeViolations(page);
      await page.setViewportSize(DESKTOP);
      await expectNoAxeViolations(page);
    });

    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`screenshot: ${path} ${language} ${width}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, `${path}?lng=${language}`);
        const name = path === CHAT ? "chat-demo" : "plugin-preview";
        if (path === CHAT) {
          await page.getByRole("button", { name: language === "he" ? "הגדרות" : "Settings" }).click();
          const input = page.getByRole("textbox", { name: language === "he" ? "ההודעה שלך" : "Your message" });
          await input.fill(language === "he" ? "מה שעות הפתיחה שלכם?" : "What are your opening hours?");
          await input.press("Enter");
          await expect(input).toHaveValue("");
          await expect(
            page.getByRole("log").getByText(language === "he" ? "Alex כותב תשובה…" : "Alex is replying…"),
          ).toHaveCount(0);
        } else {
          await page.getByRole("button", { name: language === "he" ? "שליחת פרטים" : "Send details" }).click();
          await page.screenshot({ path: `screenshots/${name}-errors-${language}-${width}.png`, fullPage: true });
          await page.getByLabel(language === "he" ? "טלפון" : "Phone").fill("050-123 4567");
          await page
            .getByLabel(language === "he" ? "שם מלא" : "Full name")
            .fill(language === "he" ? "דנה לוי" : "Dana Levi");
          await page.getByRole("button", { name: language === "he" ? "שליחת פרטים" : "Send details" }).click();
        }
        await page.screenshot({ path: `screenshots/${name}-${language}-${width}.png`, fullPage: true });
        await expectNoSidewaysScroll(page);
      });
    }
  }
}
