import { DESKTOP, expect, expectNoAxeViolations, gotoHydrated, PHONE, test } from "./fixtures.ts";

/**
 * The widget asks the visitor's consent before their details are kept (the demo client asks, as
 * every client does by default), with the real message API and the built-in responder; the admin's
 * session page then shows the details and when consent was given.
 */
const SCREENS = process.env.SCREENS_DIR ?? "screenshots/consent";

const TEXTS = {
  he: {
    lang: "he",
    consent: /^אני מסכים\/ה ש.+ ישמרו את הפרטים שלי כדי ליצור איתי קשר$/,
    policy: "מדיניות הפרטיות",
    input: "ההודעה שלך",
    details: "קוראים לי דנה לוי, 0501234567",
    needed: "צריך את הסכמתכם",
    contact: "פרטי המבקר: דנה לוי · 050-1234567",
    consentGiven: "ניתנה הסכמה ב-",
  },
  en: {
    lang: "en",
    consent: /^I agree that .+ may keep my details to contact me$/,
    policy: "Privacy policy",
    input: "Your message",
    details: "My name is Dana Levi, 050-1234567",
    needed: "I need your consent",
    contact: "Visitor's details: Dana Levi · 050-1234567",
    consentGiven: "Consent given ",
  },
} as const;

let license: string;

test.beforeAll(async ({ request }) => {
  const html = await (await request.get("/invest-he")).text();
  license = /license=(alex_[0-9a-f]{32})/.exec(html)![1]!;
});

for (const language of ["he", "en"] as const) {
  const text = TEXTS[language];

  test(`(${language}, phone) asks consent before keeping the visitor's details`, async ({ page, signIn }) => {
    await page.setViewportSize(PHONE);
    await page.goto(`/api/wordpress/chat-ui?license=${license}&lang=${text.lang}`);
    const consent = page.getByRole("checkbox", { name: text.consent });
    await expect(consent).not.toBeChecked();
    await expect(page.getByRole("link", { name: text.policy })).toHaveAttribute(
      "href",
      new RegExp(`/privacy\\?lng=${text.lang}$`),
    );
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}/widget-${language}-phone.png` });

    const input = page.getByRole("textbox", { name: text.input });
    const log = page.getByRole("log");
    await input.fill(text.details);
    await input.press("Enter");
    await expect(log.locator(".message.assistant").nth(1)).toContainText(text.needed, { timeout: 20_000 });
    await page.screenshot({ path: `${SCREENS}/widget-${language}-phone-asks.png` });

    await consent.check();
    await input.fill(text.details);
    await input.press("Enter");
    await expect(log.locator(".message.assistant")).toHaveCount(3, { timeout: 20_000 });
    await expect(log.locator(".message.assistant").nth(2)).not.toContainText(text.needed);
    // The session keeps the consent: the box shows it given.
    await expect(consent).toBeDisabled();
    await expect(consent).toBeChecked();
    await page.screenshot({ path: `${SCREENS}/widget-${language}-phone-agreed.png` });

    const sessionId = await page.evaluate((key) => localStorage.getItem(key), `alex:${license}:session`);
    expect(sessionId).toMatch(/^sess_/);
    await signIn();
    await gotoHydrated(page, `/admin/session/${sessionId}?lng=${text.lang}`);
    await expect(page.getByText(text.contact)).toBeVisible();
    await expect(page.getByText(text.consentGiven)).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/session-${language}-phone.png`, fullPage: true });
  });
}

const CARD = {
  he: {
    title: "פרטיות",
    ask: "לבקש את הסכמת המבקר לפני שמירת הפרטים שלו",
    url: "כתובת מדיניות הפרטיות שלכם (לא חובה)",
  },
  en: {
    title: "Privacy",
    ask: "Ask the visitor's consent before keeping their details",
    url: "Your privacy policy's address (optional)",
  },
} as const;

for (const [language, viewport] of [
  ["he", PHONE],
  ["en", DESKTOP],
] as const) {
  test(`(${language}) the Privacy card sets the consent and checks the policy's address`, async ({ page, signIn }) => {
    const card = CARD[language];
    await page.setViewportSize(viewport);
    await signIn();
    // Only read and a refused entry: the seeded client's settings stay as they are.
    await gotoHydrated(page, `/admin/clients/1/config?tab=general&lng=${language}`);
    const privacy = page.getByRole("region", { name: card.title });
    await expect(privacy.getByRole("checkbox", { name: card.ask })).toBeChecked();
    const address = privacy.getByRole("textbox", { name: card.url });
    await address.fill("javascript:alert(1)");
    await address.blur();
    await expect(address).toHaveAccessibleDescription(/http/);
    await privacy.screenshot({ path: `${SCREENS}/privacy-card-${language}.png` });
  });
}
