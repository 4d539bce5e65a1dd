import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monthlyFeeOf } from "#db/price-list.ts";
import { insertClient } from "../../support/factories.ts";
import { languageCookies } from "../../support/http.ts";
import { operatorCookieOn, startServer, type RunningServer } from "../../support/server.ts";

/**
 * The dashboard's monthly revenue adds shekel bills at the price list's fixed rate; once a client is
 * billed in shekels, the amounts as billed in each currency stand beside it.
 */
let server: RunningServer;
let cookie = "";
const languages = { he: "", en: "" };

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        await insertClient(db, {
          businessName: "Shekel Bakery",
          billingCurrency: "ILS",
          monthlyFeeCents: monthlyFeeOf("ILS"),
        });
      },
    },
  );
  cookie = await operatorCookieOn(server);
  Object.assign(languages, await languageCookies(server.url));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const dashboard = async (language: "he" | "en") => {
  const response = await fetch(`${server.url}/admin/dashboard`, {
    headers: { Cookie: `${cookie}; ${languages[language]}` },
  });
  expect(response.status).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
};

describe("the dashboard's monthly revenue", () => {
  it("shows a shekel client's month as billed, VAT included, beside the dollar figure", async () => {
    // A month's fee of ₪185 with 18% VAT, before any message.
    expect(await dashboard("en")).toMatch(/As billed: <bdi[^>]*>[^<]*₪218\.30/);
    expect(await dashboard("he")).toMatch(/כפי שחויב: <bdi[^>]*>[^<]*218\.30/);
  });
});
