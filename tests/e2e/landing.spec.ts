import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { axeScan, DESKTOP, expect, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * The public forms are limited per client address; every test here posts as an address of its
 * own (the server trusts X-Forwarded-For from loopback), so no other spec's posts count against it.
 */
let addressCounter = 0;
test.beforeEach(async ({ page }, testInfo) => {
  addressCounter += 1;
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `203.0.113.${(testInfo.workerIndex * 50 + addressCounter) % 250}`,
  });
});

const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
const usd = (amount: number, locale: "he-IL" | "en-US") =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0 }).format(amount);

const contactForm = (page: Page) => page.locator("#contact form");
const newsletterForm = (page: Page) => page.locator("#newsletter form");
const calculator = (page: Page) => page.locator("#calculator");

test.describe("the landing page with JavaScript", () => {
  test("shows the sections in order, with the header anchors leading to them", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, "/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("עובד AI שעונה ללקוחות שלך");
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.slice(0, 7)).toEqual([
      "עסקים שכבר עובדים עם Alex",
      "כל מה שעובד מצוין עושה, בלי הפסקות",
      "מוכנים להתחיל?",
      "מה הלקוחות שלנו אומרים",
      "מחיר אחד, פשוט ושקוף",
      "בואו נדבר על העסק שלכם",
      "המוצר",
    ]);
    await expect(page.getByRole("img", { name: "דירוג 5 מתוך 5" })).toHaveCount(2);
    await page.getByRole("navigation", { name: "ניווט באתר" }).getByRole("link", { name: "מחירים" }).click();
    await expect(page).toHaveURL("/#pricing");
    await expect(page.getByRole("heading", { name: "מחיר אחד, פשוט ושקוף" })).toBeInViewport();
    await expect(page.getByRole("link", { name: "השקיעו בנו (עברית)" })).toHaveAttribute("href", "/invest-he");
    await expect(page.getByRole("link", { name: "השקיעו בנו (אנגלית)" })).toHaveAttribute("href", "/invest-en");
  });

  test("the contact form is a plain post: the server's errors, then a confirmation", async ({ page }) => {
    await gotoHydrated(page, "/");
    const form = contactForm(page);
    await form.getByRole("button", { name: "שליחה" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(form.getByText("יש להזין שם מלא.")).toBeVisible();
    await expect(form.getByText("יש להזין מספר טלפון.")).toBeVisible();
    await expect(form.getByText("יש להזין כתובת דוא״ל.")).toBeVisible();
    await expect(form.getByLabel("שם מלא")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("שם מלא").fill("דנה כהן");
    await form.getByLabel("טלפון").fill("050-123-4567");
    await form.getByLabel("דוא״ל").fill("dana@example.com");
    await form.getByLabel("אני מסכים/ה לקבל עדכונים ותוכן שיווקי מ-Alex").check();
    await form.getByRole("button", { name: "שליחה" }).click();

    await expect(page).toHaveURL("/?contact=sent#contact");
    await expect(page.locator("#contact").getByRole("status")).toHaveText("תודה! קיבלנו את הפרטים ונחזור אליכם בקרוב.");
    await expect(contactForm(page).getByLabel("שם מלא")).toHaveValue("");
    await expect(contactForm(page).getByRole("button", { name: "שליחה" })).toBeEnabled();
  });

  test("a form on its way says so on its button, which cannot send it twice", async ({ page }) => {
    await gotoHydrated(page, "/?lng=en");
    // The page's script marks the button as the submit event passes; a listener on the window hears the
    // event after it, reads the button, and keeps this post from leaving.
    const button = await page.evaluate(
      () =>
        new Promise<{ text: string | null; disabled: boolean }>((resolve) => {
          const form = document.querySelector<HTMLFormElement>("#newsletter form")!;
          const submit = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
          window.addEventListener(
            "submit",
            (event) => {
              event.preventDefault();
              setTimeout(() => setTimeout(() => resolve({ text: submit.textContent, disabled: submit.disabled })));
            },
            { once: true },
          );
          form.requestSubmit(submit);
        }),
    );
    expect(button).toEqual({ text: "Subscribing…", disabled: true });
  });

  test("the newsletter box subscribes once and answers kindly the second time", async ({ page }) => {
    await gotoHydrated(page, "/?lng=en");
    const form = newsletterForm(page);
    const email = uniqueEmail("reader");
    await form.getByLabel("Newsletter email").fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Enter a valid email address.")).toBeVisible();

    await form.getByLabel("Newsletter email").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("You're subscribed to the newsletter. Thank you!", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Newsletter email")).toHaveValue("");

    await form.getByLabel("Newsletter email").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(
      page.getByText("This address is already subscribed to the newsletter. No need to sign up again.", {
        exact: true,
      }),
    ).toBeVisible();
  });

  test("the calculator updates as the visitor types", async ({ page }) => {
    await gotoHydrated(page, "/?lng=en");
    const section = calculator(page);
    const total = section.getByRole("status");
    await expect(total).toContainText(usd(150, "en-US"));
    await section.getByLabel("Conversations a month").fill("250");
    await section.getByLabel("Articles a month").fill("12");
    await section.getByLabel("Solutions a month").fill("8");
    await expect(total).toContainText(usd(320, "en-US"));
    await section.getByLabel("Articles a month").fill("2000000");
    await expect(section.getByText("The largest number allowed is 1,000,000.")).toBeVisible();
    await expect(section.getByLabel("Articles a month")).toHaveAttribute("aria-invalid", "true");
    await expect(section.getByLabel("Articles a month")).toHaveAccessibleDescription(
      "The largest number allowed is 1,000,000.",
    );
    // What the visitor sees (innerText): the total gives way to the request to correct the field.
    await expect(total).toHaveText("Correct the marked fields to see the price.", { useInnerText: true });
    await section.getByLabel("Articles a month").fill("");
    await expect(total).toContainText(usd(308, "en-US"), { useInnerText: true });
    await expect(section.getByLabel("Articles a month")).not.toHaveAttribute("aria-invalid");
    await expect(section.getByText("2,000,000 × $1")).toHaveCount(0);
    await expect(section.getByText("250 × $1")).toBeVisible();
    await expect(section.getByRole("button", { name: "Calculate" })).toBeHidden();
    await expect(page).toHaveURL("/?lng=en");
  });
});

test.describe("the landing page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form shows errors with the values kept, then confirms in the section", async ({ page }) => {
    await page.goto("/");
    const form = contactForm(page);
    await form.getByLabel("שם מלא").fill("דנה כהן");
    await form.getByLabel("טלפון").fill("phone");
    await form.getByLabel("דוא״ל").fill("dana@example.com");
    await form.getByRole("button", { name: "שליחה" }).click();

    await expect(page).toHaveURL("/contact");
    await expect(form.getByText("יש להזין מספר טלפון תקין")).toBeVisible();
    await expect(form.getByLabel("שם מלא")).toHaveValue("דנה כהן");
    await expect(form.getByLabel("טלפון")).toHaveValue("phone");
    await expect(form.getByLabel("טלפון")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("טלפון").fill("03-123-4567");
    await form.getByRole("button", { name: "שליחה" }).click();
    await expect(page).toHaveURL("/?contact=sent#contact");
    await expect(page.locator("#contact").getByRole("status")).toHaveText("תודה! קיבלנו את הפרטים ונחזור אליכם בקרוב.");
  });

  test("the newsletter box confirms in the footer, and reports a bad address in English", async ({ page }) => {
    await page.goto("/?lng=en");
    const form = newsletterForm(page);
    await form.getByLabel("Newsletter email").fill("reader@");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/newsletter");
    await expect(newsletterForm(page).getByText("Enter a valid email address.")).toBeVisible();
    await expect(newsletterForm(page).getByLabel("Newsletter email")).toHaveValue("reader@");

    await newsletterForm(page).getByLabel("Newsletter email").fill(uniqueEmail("plain"));
    await newsletterForm(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL("/?newsletter=subscribed#newsletter");
    await expect(page.locator("#newsletter").getByRole("status")).toHaveText(
      "You're subscribed to the newsletter. Thank you!",
    );
  });

  test("the calculator is a form the server answers", async ({ page }) => {
    await page.goto("/?lng=en");
    const section = calculator(page);
    await section.getByLabel("Conversations a month").fill("40");
    await section.getByLabel("Solutions a month").fill("5");
    await section.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL("/?conversations=40&articles=0&solutions=5#calculator");
    await expect(calculator(page).getByRole("status")).toContainText(usd(95, "en-US"));

    await calculator(page).getByLabel("Articles a month").fill("-2");
    await calculator(page).getByRole("button", { name: "Calculate" }).click();
    await expect(calculator(page).getByText("Enter a whole number, 0 or more.")).toBeVisible();
    await expect(calculator(page).getByLabel("Articles a month")).toHaveValue("-2");
  });
});

test.describe("accessibility and layout", () => {
  for (const language of ["he", "en"] as const) {
    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`axe finds no violations on / in ${language} on a ${width}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await page.goto(`/?lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        const results = await axeScan(page);
        expect(
          results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(" ")) })),
        ).toEqual([]);
      });
    }
  }

  test("axe finds no violations with form errors and the phone menu open", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, "/");
    await contactForm(page).getByRole("button", { name: "שליחה" }).click();
    await expect(contactForm(page).getByText("יש להזין שם מלא.")).toBeVisible();
    await page.getByRole("button", { name: "פתיחת תפריט" }).click();
    await expect(page.getByRole("dialog", { name: "Alex" })).toBeVisible();
    const results = await axeScan(page);
    expect(
      results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(" ")) })),
    ).toEqual([]);
  });

  for (const language of ["he", "en"] as const) {
    test(`nothing scrolls sideways at 360 px (${language})`, async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await gotoHydrated(page, `/?lng=${language}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  }

  test("the phone menu works by keyboard (Tab to it, Enter opens, Escape closes, focus returns) and closes on a click outside", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, "/");
    const menuButton = page.getByRole("button", { name: "פתיחת תפריט" });
    for (
      let presses = 0;
      presses < 10 && !(await menuButton.evaluate((button) => button === document.activeElement));
      presses++
    ) {
      await page.keyboard.press("Tab");
    }
    await expect(menuButton).toBeFocused();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Alex" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "יכולות" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.mouse.click(20, PHONE.height / 2);
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole("link", { name: "צור קשר" }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL("/#contact");
  });

  test("the header's Admin Login opens by keyboard and Escape closes it", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, "/?lng=en");
    const login = page.getByRole("link", { name: "Admin Login" });
    await login.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Admin Login" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Username")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});

/**
 * The JavaScript a first visit to `/` runs before anyone touches the page, gzip-compressed: the
 * island pages' one inlined script (app/islands/enhance.ts) and nothing fetched. The goal for the
 * public pages is 30 KB (docs/request-cost.md); React and the router stay out entirely.
 */
const FIRST_LOAD_BUDGET_KB = 30;

test("the first load of / ships little JavaScript, inline, and no stylesheet to wait for", async ({
  page,
}, testInfo) => {
  const fetched: { url: string; type: string }[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type === "script" || type === "stylesheet") fetched.push({ url: response.url(), type });
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const inline = await page.evaluate(() =>
    [...document.scripts].filter((script) => !script.src).map((script) => script.text),
  );
  const totalKb = inline.reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0) / 1024;
  testInfo.annotations.push({
    type: "first-load JavaScript (gzip)",
    description: `${totalKb.toFixed(1)} KB inline in ${inline.length} script(s)`,
  });
  expect(fetched, "no script or stylesheet is fetched").toEqual([]);
  expect(inline).toHaveLength(1);
  expect(totalKb).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  await expect(page.locator("link[rel=modulepreload], link[rel=stylesheet]")).toHaveCount(0);
});
