import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";

const SCREENS_DIR = "screenshots/leads";

const TEXT = {
  en: {
    webhookUrl: "Webhook URL",
    save: "Save",
    saved: "Delivery settings saved",
    mailOff: "E-mail is off",
    resend: "Resend",
    resent: "Sent again",
    pending: "Pending",
    delivered: "Delivered",
    attempt: "Attempt",
    private: "This address is on a private network or this machine; use a public address.",
  },
  he: {
    webhookUrl: "כתובת Webhook",
    save: "שמירה",
    saved: "הגדרות ההעברה נשמרו",
    mailOff: "הדוא״ל כבוי",
    resend: "שליחה חוזרת",
    resent: "נשלח שוב",
    pending: "ממתין",
    delivered: "נמסר",
    attempt: "ניסיון",
    private: "הכתובת נמצאת ברשת פרטית או במחשב הזה; יש להשתמש בכתובת ציבורית.",
  },
} as const;

/** A receiver that fails its first call (500) and accepts the next ones: the log shows the retry. */
async function startFlakyReceiver() {
  const statuses: number[] = [];
  let calls = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      calls += 1;
      const status = calls === 1 ? 500 : 200;
      statuses.push(status);
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    statuses,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alex-hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const language of ["en", "he"] as const) {
  const text = TEXT[language];
  for (const [width, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`the delivery log shows a failed webhook and Resend delivers it (${language}, ${width})`, async ({
      page,
      signIn,
    }) => {
      test.slow();
      const receiver = await startFlakyReceiver();
      try {
        await page.setViewportSize(viewport);
        await signIn();
        const created = await page.request.post("/api/clients", {
          data: {
            businessName: `Delivery ${language} ${width}`,
            ownerEmail: "owner@delivery.example",
            websiteDomain: `delivery-${language}-${width}.example`,
            businessType: "services",
          },
        });
        expect(created.status()).toBe(201);
        const client = (await created.json()) as { id: number; licenseKey: string };
        const tab = `/admin/clients/${client.id}?lng=${language}&tab=delivery`;
        await gotoHydrated(page, tab);
        await expect(page.getByText(text.mailOff)).toBeVisible();

        // A private address is refused beside its field; the receiver's (allowed by SCANNER_ALLOW_HOSTS) is saved.
        const field = page.getByLabel(text.webhookUrl);
        await field.fill("http://10.0.0.9/hook");
        await page.getByRole("button", { name: text.save }).click();
        await expect(page.getByText(text.private)).toBeVisible();
        await field.fill(receiver.url);
        await page.getByRole("button", { name: text.save }).click();
        await expect(page.getByText(text.saved, { exact: true })).toBeVisible();
        await expect(page.locator("code").filter({ hasText: /^whsec_/ })).toBeVisible();

        // A visitor leaves a phone number; the delivery worker's first try meets the receiver's 500.
        const message = await page.request.post("/api/wordpress/messages", {
          data: {
            license: client.licenseKey,
            sessionId: null,
            clientMessageId: randomUUID(),
            message: "My phone is 054-765-4321",
            // As the widget sends it once the visitor ticked its consent: only then is it a lead.
            consent: true,
          },
        });
        expect(message.status()).toBe(200);
        await expect(async () => {
          expect(receiver.statuses).toEqual([500]);
        }).toPass({ timeout: 20_000 });
        await gotoHydrated(page, tab);
        const log = page.getByRole("table", {
          name: language === "he" ? "יומן העברות" : "Delivery log",
        });
        await expect(log.getByText(text.pending)).toBeVisible();
        await expect(log.getByText("500", { exact: true })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        mkdirSync(SCREENS_DIR, { recursive: true });
        await page.screenshot({ path: `${SCREENS_DIR}/delivery-failed-${language}-${width}.png`, fullPage: true });

        await log.getByRole("button", { name: text.resend }).click();
        await expect(page.getByText(text.resent).first()).toBeVisible();
        await expect(log.getByText(text.delivered)).toBeVisible();
        await expect(log.getByText("200", { exact: true })).toBeVisible();
        expect(receiver.statuses).toEqual([500, 200]);
        // Each attempt stays in the delivery's history.
        await log.locator("summary").click();
        await expect(log.getByText(new RegExp(`${text.attempt} 1, .*\\(500\\)`))).toBeVisible();
        await expect(log.getByText(new RegExp(`${text.attempt} 2, .*: 200`))).toBeVisible();
        // Opening the history scrolled the page; the sticky header would land mid-page in a full-page picture.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${SCREENS_DIR}/delivery-resent-${language}-${width}.png`, fullPage: true });
      } finally {
        await receiver.close();
      }
    });
  }
}
