import { CHAT_API_PATHS } from "../../app/conversations/chat-contract.ts";
import { expect, gotoHydrated, PHONE, test, visitorAddress } from "./fixtures.ts";

/**
 * The public demo (/minimal-chat-demo, the investor pages) talks to Alex through a hidden client of
 * its own: a visitor there is nobody's business, so the operators' chat sessions monitor never lists
 * the conversation, and the visitor is asked to let Alex, the product, keep their details.
 */
const TEXT = {
  input: "ההודעה שלך",
  send: "שליחה",
  consent: "אני מסכים/ה שAlex ישמרו את הפרטים שלי כדי ליצור איתי קשר",
  needsConsent: "צריך את הסכמתכם",
  monitor: "מעקב שיחות צ'אט",
  sessions: "שיחות",
  live: "בזמן אמת",
  client: "לקוח",
  search: "חיפוש",
  apply: "החלת סינון",
  noMatch: (search: string) => `לא נמצאו שיחות התואמות ל-"${search}"`,
};

test("a visitor of the public demo is asked consent for Alex, and the operators' monitor does not list them", async ({
  page,
  signIn,
}) => {
  await page.setViewportSize(PHONE);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": visitorAddress() });
  await gotoHydrated(page, "/minimal-chat-demo");
  const input = page.getByRole("textbox", { name: TEXT.input });
  const log = page.getByRole("log");
  const answered = page.waitForResponse((each) => new URL(each.url()).pathname === CHAT_API_PATHS.messages);
  await input.fill("קוראים לי דנה, 050-1234567");
  await page.getByRole("button", { name: TEXT.send }).click();
  const { sessionId, cost } = (await (await answered).json()) as { sessionId: string; cost: number };
  expect(sessionId).toMatch(/^sess_/);
  // Nobody is billed for the demo.
  expect(cost).toBe(0);
  // Alex asks for the consent, and the box names the product, not the demo's hidden client.
  await expect(log.getByText(TEXT.needsConsent, { exact: false })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: TEXT.consent, exact: true })).toBeVisible();
  await expect(page.getByText("public demo")).toHaveCount(0);

  await signIn();
  await gotoHydrated(page, "/admin/chat-sessions?lng=he");
  await expect(page.getByRole("heading", { name: TEXT.monitor, level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: TEXT.live })).toBeVisible();
  // The monitor lists the businesses' conversations (the seed's), never the demo's, nor offers its client.
  await expect(page.getByRole("table", { name: TEXT.sessions }).getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByTitle(sessionId)).toHaveCount(0);
  await expect(page.getByLabel(TEXT.client).getByRole("option", { name: /public demo/ })).toHaveCount(0);
  await expect(page.getByLabel(TEXT.client).getByRole("option", { name: "Alex AI", exact: true })).toHaveCount(1);

  // Even searched for by its id, it is not there.
  await page.getByLabel(TEXT.search).fill(sessionId);
  await page.getByRole("button", { name: TEXT.apply }).click();
  await expect(page.getByText(TEXT.noMatch(sessionId))).toBeVisible();
});
