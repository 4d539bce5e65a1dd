import { E2E_ADMIN, expect, gotoHydrated, htmlDirection, PHONE, test, waitForHydration } from "./fixtures.ts";

test.describe("login", () => {
  test("the landing page's Admin Login dialog signs in, and wrong credentials land on the login page", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "כניסת מנהל" }).click();
    const dialog = page.getByRole("dialog", { name: "כניסת מנהל" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription("התחברות למערכת הניהול של Alex.");

    await dialog.getByLabel("שם משתמש").fill(E2E_ADMIN.username);
    await dialog.getByLabel("סיסמה").fill("not-the-password");
    await dialog.getByRole("button", { name: "כניסה" }).click();
    await expect(page).toHaveURL("/login?lng=he");
    await expect(page.getByRole("alert")).toHaveText("שם המשתמש או הסיסמה שגויים.");
    await expect(page.getByLabel("שם משתמש")).toHaveValue(E2E_ADMIN.username);

    await gotoHydrated(page, "/");
    await page.getByRole("link", { name: "כניסת מנהל" }).click();
    await dialog.getByLabel("שם משתמש").fill(E2E_ADMIN.username);
    await dialog.getByLabel("סיסמה").fill(E2E_ADMIN.password);
    await dialog.getByRole("button", { name: "כניסה" }).click();
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the dialog's Cancel closes it and gives focus back to its link", async ({ page }) => {
    await gotoHydrated(page, "/?lng=en");
    const link = page.getByRole("link", { name: "Admin Login" });
    await link.click();
    const dialog = page.getByRole("dialog", { name: "Admin Login" });
    await expect(dialog.getByLabel("Username")).toBeFocused();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    await link.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the login page signs in with a plain form post", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Username").fill(E2E_ADMIN.username);
      await page.getByLabel("Password").fill("wrong");
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("alert")).toHaveText("The username or password is incorrect.");
      await expect(page.getByLabel("Username")).toHaveValue(E2E_ADMIN.username);

      await page.getByLabel("Password").fill(E2E_ADMIN.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL("/admin/dashboard");
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    });

    test("the landing page's Admin Login leads to the login page", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "כניסת מנהל" }).click();
      await expect(page).toHaveURL("/login?lng=he");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("כניסת מנהל");
    });
  });

  test("an anonymous visit to an admin page goes to login and back after signing in", async ({ page }) => {
    await page.goto("/admin/dashboard?from=test");
    await expect(page).toHaveURL("/login?redirectTo=%2Fadmin%2Fdashboard%3Ffrom%3Dtest");
    await page.getByLabel("Username").fill(E2E_ADMIN.username);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/admin/dashboard?from=test");
  });

  test.describe("logging out", () => {
    test.use({ ownSession: true });

    test("logout ends the session", async ({ page, signIn }) => {
      await signIn();
      await page.goto("/admin/dashboard");
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL("/login");
      await expect(
        page.getByRole("region", { name: "Notifications (F8)" }).getByText("You have been logged out."),
      ).toBeVisible();
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/login\?redirectTo=/);
    });
  });
});

test.describe("admin shell", () => {
  test("switches to Hebrew and back: the direction follows", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, "/admin/dashboard");
    expect(await htmlDirection(page)).toBe("ltr");
    await page.getByLabel("Language").selectOption("he");
    await expect(page.getByRole("heading", { name: "לוח בקרה", level: 1 })).toBeVisible();
    expect(await htmlDirection(page)).toBe("rtl");
    await waitForHydration(page);
    await page.getByLabel("שפה").selectOption("en");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    expect(await htmlDirection(page)).toBe("ltr");
  });

  test("marks the current entry and lists an owner's thirteen entries in order", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/admin/dashboard");
    const navigation = page.getByRole("navigation", { name: "Admin navigation" });
    await expect(navigation.getByRole("link")).toHaveText([
      "Dashboard",
      "Clients",
      // The inbox's link carries the count of conversations waiting for a person, when there are any.
      /^Inbox/,
      "Chat Sessions",
      "Saved Replies",
      "System Status",
      "AI Training",
      "Billing",
      "Completed Functions",
      "Plugin",
      "Analytics",
      "Leads",
      "Team",
    ]);
    await expect(navigation.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: PHONE });

    test("the menu slides over and navigates", async ({ page, signIn }) => {
      await signIn();
      await gotoHydrated(page, "/admin/dashboard");
      await expect(page.getByRole("navigation", { name: "Admin navigation" })).toBeHidden();
      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("dialog", { name: "Alex Admin" });
      await expect(menu).toBeVisible();
      await menu.getByRole("link", { name: "Clients" }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL("/admin/clients");
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    });

    test("the public menu slides in with the anchors and Admin Login", async ({ page }) => {
      await gotoHydrated(page, "/");
      await page.getByRole("button", { name: "פתיחת תפריט" }).click();
      const menu = page.getByRole("dialog");
      await expect(menu.getByRole("link", { name: "מחירים" })).toBeVisible();
      await menu.getByRole("link", { name: "כניסת מנהל" }).click();
      const login = page.getByRole("dialog", { name: "כניסת מנהל" });
      await expect(login).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(1);
      // The page behind stays still while the login is open, though the menu closed on the way (its close
      // event comes a task later: one task is let by before looking).
      const overflow = () =>
        page.evaluate(async () => {
          await new Promise((resolve) => setTimeout(resolve));
          return getComputedStyle(document.documentElement).overflow;
        });
      expect(await overflow()).toBe("hidden");
      await page.keyboard.press("Escape");
      await expect(login).toBeHidden();
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("visible");
    });
  });
});

test.describe("an unknown page", () => {
  test.use({ expectedErrorPages: /^\/this\/does\/not\/exist/ });

  test("shows Page Not Found in both languages", async ({ page }) => {
    const hebrew = await page.goto("/this/does/not/exist");
    expect(hebrew?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "הדף לא נמצא" })).toBeVisible();
    expect(await htmlDirection(page)).toBe("rtl");
    const english = await page.goto("/this/does/not/exist?lng=en");
    expect(english?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  });
});
