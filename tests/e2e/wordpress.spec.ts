import { eq } from "drizzle-orm";
import { chatSessions, clients, messages, trainingConfigs } from "#db/schema.ts";
import { freePort, inspectEmbeddedDatabase, startServer, TEST_ADMIN, type RunningServer } from "../support/server.ts";
import {
  attachLogsOnFailure,
  openWordPressAdmin,
  startWordPress,
  wordpressAvailable,
  type WordPressSite,
} from "../support/wordpress.ts";
import { readZip } from "../support/zip.ts";
import { DESKTOP, expect, PHONE, test } from "./fixtures.ts";

/**
 * A real WordPress (Debian's package, PHP's server, the machine's MariaDB) with our
 * plugin installed from the ZIP our server built, a visitor who clicks the launcher on the front
 * page and talks to Alex in the iframe, and the database that records and bills the conversation.
 * One Hebrew site and one English site, each on a phone and a desktop.
 */
test.describe.configure({ mode: "serial" });

const LANGUAGES = {
  he: {
    locale: "he_IL",
    license: "alex_00000000000000000000000000e2e0e1",
    business: "אתר הוורדפרס",
    greeting: "שלום מאתר הוורדפרס! במה אפשר לעזור?",
  },
  en: {
    locale: "en_US",
    license: "alex_00000000000000000000000000e2e0e2",
    business: "WordPress Test Site",
    greeting: "Hello from the WordPress site! How can I help?",
  },
} as const;
type SiteLanguage = keyof typeof LANGUAGES;

/** Stands in for HivePress on the English site: its listing post type, registered as HivePress does. */
const HIVEPRESS_STAND_IN = `<?php
add_action( 'init', function () { register_post_type( 'hp_listing', array( 'public' => true, 'label' => 'Listings' ) ); } );
`;

let alex: RunningServer;
const sites = {} as Record<SiteLanguage, WordPressSite>;
/** The sync secret each site's ZIP carried: the listings route opens to it, not to the license key. */
const secrets = {} as Record<SiteLanguage, string>;

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(300_000);
  const available = wordpressAvailable();
  if (!available.ok) throw new Error(available.reason);
  const ports = { he: await freePort(), en: await freePort() };
  alex = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        for (const language of ["he", "en"] as const) {
          const { license, business, greeting } = LANGUAGES[language];
          // The Hebrew client's domain is stored bare, the English one with its scheme: both must frame.
          const websiteDomain = language === "he" ? `127.0.0.1:${ports.he}` : `http://127.0.0.1:${ports.en}/`;
          const [client] = await db
            .insert(clients)
            .values({
              businessName: business,
              ownerEmail: "owner@wordpress.test",
              websiteDomain,
              businessType: "services",
              licenseKey: license,
            })
            .returning({ id: clients.id });
          await db.insert(trainingConfigs).values({ clientId: client!.id, businessType: "services", greeting });
        }
      },
    },
  );

  const api = await playwright.request.newContext({ baseURL: alex.url });
  expect((await api.post("/login", { form: TEST_ADMIN, maxRedirects: 0 })).status()).toBe(302);
  for (const language of ["he", "en"] as const) {
    const download = await api.get(`/api/download/plugin?licenseKey=${LANGUAGES[language].license}`);
    expect(download.status()).toBe(200);
    const zip = await download.body();
    const defaults = readZip(zip).find((entry) => entry.name.endsWith("includes/defaults.php"))!;
    secrets[language] = /ALEX_AI_DEFAULT_SYNC_SECRET', '([^']+)'/.exec(defaults.data.toString("utf8"))![1]!;
    sites[language] = await startWordPress({
      locale: LANGUAGES[language].locale,
      port: ports[language],
      pluginZip: zip,
      pluginFile: "alex-ai-assistant/alex-ai-assistant.php",
      mustUsePlugins: language === "en" ? { "hivepress-stand-in": HIVEPRESS_STAND_IN } : {},
      applicationPassword: language === "en",
    });
  }
  await api.dispose();
});

test.afterEach(attachLogsOnFailure(sites));

test.afterAll(async () => {
  for (const site of Object.values(sites)) await site.stop();
  await alex?.stop();
});

test("the plugin is active, answers its status, and lets only the sync secret read HivePress listings", async ({
  request,
}) => {
  const he = sites.he;
  const status = await request.get(`${he.url}/wp-json/alex/v1/status`);
  expect(status.status()).toBe(200);
  expect(await status.json()).toEqual({ version: "1.2.0", licenseSet: true });
  expect(await status.text()).not.toContain(LANGUAGES.he.license);

  const listings = `${he.url}/wp-json/alex/v1/listings`;
  expect((await request.get(listings)).status()).toBe(401);
  expect((await request.get(listings, { headers: { "X-Alex-Secret": "wrong" } })).status()).toBe(401);
  // The license key is printed on every page of the site: it opens nothing.
  expect((await request.get(listings, { headers: { "X-Alex-License": LANGUAGES.he.license } })).status()).toBe(401);
  expect((await request.get(listings, { headers: { "X-Alex-Secret": LANGUAGES.he.license } })).status()).toBe(401);
  const withoutHivePress = await request.get(listings, { headers: { "X-Alex-Secret": secrets.he } });
  expect(await withoutHivePress.json()).toEqual({ hivepress: false, listings: [], page: 1, totalPages: 0 });

  const en = sites.en;
  en.runPhp(
    `for ( $i = 1; $i <= 21; $i++ ) {
      $id = wp_insert_post( array( 'post_type' => 'hp_listing', 'post_status' => 'publish', 'post_title' => "Hall $i", 'post_content' => "<p>A hall for <strong>$i</strong> guests.</p>" ) );
      update_post_meta( $id, 'hp_price', (string) ( 100 * $i ) );
      update_post_meta( $id, 'hp_location', 'Tel Aviv' );
      update_post_meta( $id, '_edit_lock', 'x' );
    }
    wp_insert_post( array( 'post_type' => 'hp_listing', 'post_status' => 'draft', 'post_title' => 'Secret draft' ) );`,
  );
  expect(
    (
      await request.get(`${en.url}/wp-json/alex/v1/listings?page=1`, {
        headers: { "X-Alex-License": LANGUAGES.en.license },
      })
    ).status(),
  ).toBe(401);
  const first = await request.get(`${en.url}/wp-json/alex/v1/listings?page=1`, {
    headers: { "X-Alex-Secret": secrets.en },
  });
  expect(first.status()).toBe(200);
  const page1 = (await first.json()) as {
    hivepress: boolean;
    listings: { id: number; title: string; content: string; url: string; fields: Record<string, unknown> }[];
    page: number;
    totalPages: number;
  };
  expect(page1).toMatchObject({ hivepress: true, page: 1, totalPages: 2 });
  expect(page1.listings).toHaveLength(20);
  expect(page1.listings[0]).toEqual({
    id: expect.any(Number),
    title: "Hall 1",
    content: "A hall for 1 guests.",
    url: `${en.url}/hp_listing/hall-1/`,
    fields: { price: "100", location: "Tel Aviv" },
  });
  const page2 = (await (
    await request.get(`${en.url}/wp-json/alex/v1/listings?page=2`, {
      headers: { "X-Alex-Secret": secrets.en },
    })
  ).json()) as typeof page1;
  expect(page2.listings.map((listing) => listing.title)).toEqual(["Hall 21"]);
  // The harness's Application Password (the system checks call WordPress's REST API with it).
  const me = await request.get(`${en.url}/wp-json/wp/v2/users/me?context=edit`, {
    headers: { Authorization: `Basic ${Buffer.from(en.applicationPassword!).toString("base64")}` },
  });
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { username: string }).username).toBe(en.admin.username);
  // The English site's secret does not open the Hebrew site.
  expect((await request.get(listings, { headers: { "X-Alex-Secret": secrets.en } })).status()).toBe(401);
  // Never printed in a page: not on the front page, not in the settings.
  expect(await (await request.get(`${en.url}/`)).text()).not.toContain(secrets.en);
});

for (const language of ["he", "en"] as const) {
  for (const [width, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`a visitor on the ${language} site (${width}) opens the chat from the launcher and talks to Alex`, async ({
      page,
    }) => {
      const site = sites[language];
      const { greeting } = LANGUAGES[language];
      await page.setViewportSize(viewport);
      await page.goto(`${site.url}/`);
      if (language === "he") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      else await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
      await expect(page.locator("script#alex-ai-launcher-js")).toHaveAttribute("defer", "");
      await expect(page.locator("iframe")).toHaveCount(0);

      const openLabel = language === "he" ? "פתיחת הצ׳אט עם Alex" : "Open the chat with Alex";
      const launcher = page.getByRole("button", { name: openLabel });
      await expect(launcher).toHaveAttribute("aria-expanded", "false");
      // The inline-end corner: bottom left on a right-to-left site, bottom right otherwise.
      const box = (await launcher.boundingBox())!;
      const sideGap = language === "he" ? box.x : viewport.width - (box.x + box.width);
      expect(sideGap).toBeLessThanOrEqual(24);
      expect(viewport.height - (box.y + box.height)).toBeLessThanOrEqual(24);

      await launcher.click();
      const closeLabel = language === "he" ? "סגירת הצ׳אט" : "Close the chat";
      const frameElement = page.locator("iframe#alex-ai-panel");
      await expect(frameElement).toHaveAttribute("title", language === "he" ? "צ׳אט עם Alex" : "Chat with Alex");
      const chat = page.frameLocator("iframe#alex-ai-panel");
      await expect(chat.getByRole("log")).toContainText(greeting);
      const input = chat.getByRole("textbox");
      await expect(input).toBeFocused();

      // The real message API, with the built-in responder: no AI provider is configured here.
      const question = language === "he" ? "שלום, כמה עולה השירות?" : "Hello, how much does it cost?";
      await input.fill(question);
      await input.press("Enter");
      const replies = chat.locator(".message.assistant");
      await expect(replies).toHaveCount(2, { timeout: 20_000 });
      await expect(replies.nth(1)).not.toHaveText(/^\S+: $/);
      await expect(chat.getByRole("alert")).toHaveCount(0);
      await page.screenshot({ path: `screenshots/wordpress-widget-${language}-${width}.png` });

      await input.press("Escape");
      await expect(frameElement).toBeHidden();
      if (width === "desktop") {
        await expect(launcher).toBeFocused();
        await expect(launcher).toHaveAttribute("aria-expanded", "false");
        await page.keyboard.press("Enter");
        await expect(frameElement).toBeVisible();
        await expect(page.getByRole("button", { name: closeLabel })).toHaveAttribute("aria-expanded", "true");
      }
    });
  }
}

test("the settings page under Settings shows the ZIP's defaults in Hebrew, keeps a bad value out, moves the button, and uninstalling removes them", async ({
  page,
}) => {
  const site = sites.he;
  await openWordPressAdmin(page, site, "options-general.php?page=alex-ai-assistant");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Alex – עוזר AI");
  const licenseField = page.getByLabel("מפתח רישיון");
  const serverField = page.getByLabel("כתובת השרת");
  await expect(licenseField).toHaveValue(LANGUAGES.he.license);
  await expect(serverField).toHaveValue(alex.url);
  await expect(page.locator('input[name="_wpnonce"]')).toHaveCount(1);
  // Our server knows this site: it is the client's website domain.
  await expect(page.locator("#alex-ai-site-status")).toHaveText(`האתר הזה (${site.url}) רשום ב־Alex: הצ׳אט נפתח בו.`);
  expect(await page.content()).not.toContain(secrets.he);

  await licenseField.fill("not a key <script>");
  await serverField.fill(`${alex.url}/`);
  await page.getByRole("button", { name: "שמירת ההגדרות" }).click();
  await expect(page.getByText("מפתח הרישיון אינו תקין: הוא לא שונה.")).toBeVisible();
  await expect(licenseField).toHaveValue(LANGUAGES.he.license);
  await expect(serverField).toHaveValue(alex.url);

  // The chat button's distance from the bottom: whole pixels up to 300, else the saved one stays.
  const offsetField = page.getByLabel("מרחק מתחתית המסך");
  await expect(offsetField).toHaveValue("0");
  await offsetField.evaluate((input: HTMLInputElement) => input.removeAttribute("max"));
  await offsetField.fill("301");
  await page.getByRole("button", { name: "שמירת ההגדרות" }).click();
  await expect(page.getByText("המרחק חייב להיות מספר שלם של פיקסלים בין 0 ל־300: הוא לא שונה.")).toBeVisible();
  await expect(offsetField).toHaveValue("0");
  await offsetField.fill("80");
  await page.getByRole("button", { name: "שמירת ההגדרות" }).click();
  await expect(offsetField).toHaveValue("80");
  // The launcher on the site moves up by as much, clear of a theme's bottom bar.
  await page.setViewportSize(PHONE);
  await page.goto(`${site.url}/`);
  const launcher = page.getByRole("button", { name: "פתיחת הצ׳אט עם Alex" });
  const box = (await launcher.boundingBox())!;
  expect(PHONE.height - (box.y + box.height)).toBe(100);

  const removed = site.runPhp(
    `require_once ABSPATH . 'wp-admin/includes/plugin.php';
    uninstall_plugin( 'alex-ai-assistant/alex-ai-assistant.php' );
    echo wp_json_encode( array( get_option( 'alex_ai_license_key', null ), get_option( 'alex_ai_server_url', null ), get_option( 'alex_ai_launcher_offset', null ), get_option( 'alex_ai_sync_secret', null ) ) );`,
  );
  expect(JSON.parse(removed)).toEqual([null, null, null, null]);
});

test("the database recorded each visitor's session and its first message as a $1 conversation", async () => {
  await alex.stop({ keepData: true });
  const rows = await inspectEmbeddedDatabase(alex.dataDir, (db) =>
    db
      .select({
        license: clients.licenseKey,
        session: chatSessions.publicId,
        userMessage: messages.userMessage,
        messageType: messages.messageType,
        costCents: messages.costCents,
      })
      .from(messages)
      .innerJoin(chatSessions, eq(chatSessions.id, messages.sessionId))
      .innerJoin(clients, eq(clients.id, messages.clientId)),
  );
  for (const language of ["he", "en"] as const) {
    const ofSite = rows.filter((row) => row.license === LANGUAGES[language].license);
    expect(ofSite).toHaveLength(2);
    expect(new Set(ofSite.map((row) => row.session)).size).toBe(2);
    for (const row of ofSite) expect(row).toMatchObject({ messageType: "conversation", costCents: 100 });
  }
});
