import type { Page } from "@playwright/test";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/** A client of the test's own, never trained, so tests running side by side never meet. */
async function newClient(page: Page, businessType: string) {
  const businessName = `Training ${businessType} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const response = await page.request.post("/api/clients", {
    data: { businessName, ownerEmail: "owner@training.example", websiteDomain: "training.example", businessType },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { id, businessName };
}

const trainingPath = (clientId: number, language: "he" | "en") =>
  `/admin/ai-training?clientId=${clientId}&lng=${language}`;
const landedOn = (clientId: number) => new RegExp(`/admin/ai-training\\?clientId=${clientId}(&|$)`);

test.describe("AI training with JavaScript", () => {
  test("English, desktop: the client's business type, FAQ rows added, moved, removed and saved, and a whole conversation", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(DESKTOP);
    await signIn();
    const client = await newClient(page, "restaurant");
    await gotoHydrated(page, "/admin/ai-training?lng=en");
    await page.getByLabel("Client", { exact: true }).selectOption({ label: client.businessName });
    await expect(page).toHaveURL(landedOn(client.id));
    await expect(page.getByLabel("Business type")).toHaveValue("restaurant");

    // Three blank rows to start with; one more on request.
    await expect(page.getByLabel(/^Question \d+$/)).toHaveCount(3);
    await page.getByLabel("Question 1", { exact: true }).fill("Do you deliver?");
    await page.getByLabel("Answer 1", { exact: true }).fill("Yes, within 5 km.");
    await page.getByLabel("Question 2", { exact: true }).fill("Is the food kosher?");
    await page.getByLabel("Answer 2", { exact: true }).fill("Yes, under the Haifa rabbinate.");
    await page.getByRole("button", { name: "Add a question" }).click();
    await expect(page.getByLabel(/^Question \d+$/)).toHaveCount(4);
    await page.getByRole("button", { name: "Move question 2 up" }).click();
    await expect(page.getByLabel("Question 1", { exact: true })).toHaveValue("Is the food kosher?");
    await expect(page.getByLabel("Question 2", { exact: true })).toHaveValue("Do you deliver?");
    await page.getByRole("button", { name: "Remove question 4" }).click();
    await expect(page.getByLabel(/^Question \d+$/)).toHaveCount(3);

    await page.getByRole("button", { name: "Save training" }).click();
    await expect(page.getByText("Training saved", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(landedOn(client.id));
    await page.reload();
    await expect(page.getByLabel("Question 1", { exact: true })).toHaveValue("Is the food kosher?");
    await expect(page.getByLabel("Answer 2", { exact: true })).toHaveValue("Yes, within 5 km.");
    // The saved rows and one blank row under them.
    await expect(page.getByLabel(/^Question \d+$/)).toHaveCount(3);

    const conversation = page.getByRole("list", { name: "Conversation" });
    const box = page.getByLabel("Your message");
    await box.fill("Hello!");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(box).toHaveValue("");
    await expect(conversation.getByRole("listitem")).toHaveCount(1);
    await expect(conversation.getByRole("listitem").first()).toContainText("Hello!");
    // Send waits for Alex's answer (Enter does nothing while the button is disabled), as a person would.
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await box.fill("Do you deliver?");
    await box.press("Enter");
    await expect(conversation.getByRole("listitem")).toHaveCount(2);
    await expect(box).toHaveValue("");
    await expect(conversation.getByRole("listitem").nth(0)).toContainText("Hello!");
    await expect(conversation.getByRole("listitem").nth(1)).toContainText("Do you deliver?");
    // Each turn is the question and Alex's answer under it.
    await expect(conversation.getByRole("listitem").nth(1).getByRole("paragraph")).toHaveCount(2);
  });

  test("Hebrew, phone: a business type outside the screen's five, a Hebrew row saved, a conversation", async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn();
    const client = await newClient(page, "party planning platform");
    await gotoHydrated(page, trainingPath(client.id, "he"));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByLabel("סוג העסק")).toHaveValue("party planning platform");
    await expect(page.getByLabel("סוג העסק").locator("option:checked")).toHaveText("פלטפורמת תכנון אירועים");
    await expectNoSidewaysScroll(page);

    await page.getByLabel("שאלה 1", { exact: true }).fill("כמה אורחים אפשר להזמין?");
    await page.getByLabel("תשובה 1", { exact: true }).fill("עד 300 אורחים.");
    // A half-filled row is refused where it is, in Hebrew.
    await page.getByLabel("שאלה 2", { exact: true }).fill("יש חניה?");
    await page.getByRole("button", { name: "שמור אימון" }).click();
    await expect(page.getByText("כתבו את התשובה לשאלה הזו")).toBeVisible();
    await page.getByRole("button", { name: "הסרה של שאלה 2" }).click();
    await page.getByRole("button", { name: "שמור אימון" }).click();
    await expect(page.getByText("האימון נשמר", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(landedOn(client.id));
    await expect(page.getByLabel("שאלה 1", { exact: true })).toHaveValue("כמה אורחים אפשר להזמין?");

    const box = page.getByLabel("ההודעה שלכם");
    await box.fill("כמה אורחים אפשר להזמין?");
    await page.getByRole("button", { name: "שלח" }).click();
    await expect(box).toHaveValue("");
    const conversation = page.getByRole("list", { name: "שיחה" });
    await expect(conversation.getByRole("listitem")).toHaveCount(1);
    await expect(conversation.getByRole("listitem").first().getByRole("paragraph")).toHaveCount(2);
    // The answer is the saved row's fact, with no greeting before it.
    await expect(conversation.getByRole("listitem").first().getByRole("paragraph").nth(1)).toContainText(
      "עד 300 אורחים",
    );
    await expectNoSidewaysScroll(page);
  });
});

test.describe("AI training without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Hebrew: rows added with a plain post, saved, and a conversation kept across posts", async ({
    page,
    signIn,
  }) => {
    await signIn();
    const client = await newClient(page, "retail");
    await page.goto(trainingPath(client.id, "he"));
    await expect(page.getByLabel("סוג העסק")).toHaveValue("retail");
    await page.getByLabel("שאלה 1", { exact: true }).fill("מה שעות הפתיחה?");
    await page.getByLabel("תשובה 1", { exact: true }).fill("א'-ה' 10:00-20:00.");
    await page.getByRole("button", { name: "הוספת שאלה" }).click();
    await expect(page).toHaveURL(landedOn(client.id));
    await expect(page.getByLabel(/^שאלה \d+$/)).toHaveCount(4);
    await expect(page.getByLabel("שאלה 1", { exact: true })).toHaveValue("מה שעות הפתיחה?");
    await page.getByLabel("שאלה 4", { exact: true }).fill("Do you ship abroad?");
    await page.getByLabel("תשובה 4", { exact: true }).fill("Not yet.");
    await page.getByRole("button", { name: "שמור אימון" }).click();
    await expect(page).toHaveURL(landedOn(client.id));
    await expect(page.getByText("האימון נשמר", { exact: true })).toBeVisible();
    await expect(page.getByLabel("שאלה 1", { exact: true })).toHaveValue("מה שעות הפתיחה?");
    await expect(page.getByLabel("שאלה 2", { exact: true })).toHaveValue("Do you ship abroad?");

    await page.getByLabel("ההודעה שלכם").fill("שלום");
    await page.getByRole("button", { name: "שלח" }).click();
    await expect(page).toHaveURL(landedOn(client.id));
    await page.getByLabel("ההודעה שלכם").fill("מה שעות הפתיחה?");
    await page.getByRole("button", { name: "שלח" }).click();
    const conversation = page.getByRole("list", { name: "שיחה" });
    await expect(conversation.getByRole("listitem")).toHaveCount(2);
    await expect(conversation.getByRole("listitem").nth(0)).toContainText("שלום");
    await expect(conversation.getByRole("listitem").nth(1)).toContainText("מה שעות הפתיחה?");
    await expect(conversation.getByRole("listitem").nth(1).getByRole("paragraph")).toHaveCount(2);
    await expect(page.getByLabel("ההודעה שלכם")).toHaveValue("");
  });
});
