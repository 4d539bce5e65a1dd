import { mkdirSync } from "node:fs";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, htmlDirection, PHONE, test } from "./fixtures.ts";
import { inviteOn, join, newBusiness } from "./portal-fixtures.ts";

const SHOTS = "/tmp/shots-portal-training";
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  en: {
    title: "Training Alex",
    entry: "Question 1",
    answer: "Answer",
    save: "Save answer",
    saved: "Answer saved",
    history: "History",
    fixed: "Answer fixed",
    by: (name: string) => `by ${name}`,
    faq: { q: "Do you deliver?", a: "Only in Haifa." },
    fix: "Yes, all over Israel.",
  },
  he: {
    title: "אימון Alex",
    entry: "שאלה 1",
    answer: "תשובה",
    save: "שמירת התשובה",
    saved: "התשובה נשמרה",
    history: "היסטוריה",
    fixed: "תשובה תוקנה",
    by: (name: string) => `על ידי ${name}`,
    faq: { q: "יש לכם משלוחים?", a: "רק בחיפה." },
    fix: "כן, לכל הארץ.",
  },
} as const;

for (const language of ["he", "en"] as const) {
  for (const [device, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`a staff member fixes an FAQ answer and sees it saved (${language}, ${device})`, async ({ page, signIn }) => {
      const text = TEXT[language];
      await page.setViewportSize(viewport);
      // The operator makes the business and teaches it one question, then invites its staff member.
      await signIn();
      const business = await newBusiness(page, "Training Bakery");
      const trained = await page.request.post(`/api/clients/${business.id}/training`, {
        data: { businessType: "restaurant", knowledgeBase: { faq: [text.faq] } },
      });
      expect(trained.status(), "the training's answer").toBe(201);
      const staff = { email: `staff-${language}-${device}-${Date.now()}@portal.example`, displayName: "Avi Staff" };
      const invitePath = await inviteOn(page.request, `/admin/clients/${business.id}/people`, {
        ...staff,
        role: "business_staff",
      });
      await page.context().clearCookies();
      await join(page.request, invitePath, staff.displayName);

      // The staff member, in the portal: the FAQ is the training page's first tab.
      await gotoHydrated(page, `/portal/training?lng=${language}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title);
      expect(await htmlDirection(page)).toBe(language === "he" ? "rtl" : "ltr");
      const entry = page.getByRole("region", { name: text.entry });
      await expect(entry.getByLabel(text.answer, { exact: true })).toHaveValue(text.faq.a);
      await expectNoSidewaysScroll(page);
      await entry.getByLabel(text.answer, { exact: true }).fill(text.fix);
      await entry.getByRole("button", { name: text.save }).click();
      await expect(page.getByText(text.saved).first()).toBeVisible();
      await expect(page).toHaveURL("/portal/training?tab=faq");
      await page.screenshot({ path: `${SHOTS}/faq-${language}-${device}.png`, fullPage: true });

      // Saved: a fresh load shows the new answer, and the history names who fixed it.
      await page.reload();
      await expect(page.getByRole("region", { name: text.entry }).getByLabel(text.answer, { exact: true })).toHaveValue(
        text.fix,
      );
      await page.getByRole("link", { name: text.history }).click();
      await expect(page).toHaveURL("/portal/training?tab=history");
      const history = page.getByRole("listitem").filter({ hasText: text.fixed });
      await expect(history).toContainText(text.faq.q);
      await expect(history).toContainText(text.by(staff.displayName));
      await page.screenshot({ path: `${SHOTS}/history-${language}-${device}.png`, fullPage: true });
    });
  }
}
