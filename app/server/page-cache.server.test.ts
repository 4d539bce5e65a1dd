import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { nonceContext } from "~/context.ts";
import type { Language } from "~/i18n/config.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { PAGE_CACHE_HEADER, pageCacheMiddleware } from "./page-cache.server.ts";

type Visit = { path?: string; language?: Language; init?: RequestInit; answer?: (body: string) => Response };

/** One page behind the cache, whose HTML shows the language, the nonce and the chat link of the moment. */
function cachedPage() {
  const page = { chatLink: "/chat?license=first", renders: 0 };
  const middleware = pageCacheMiddleware({ variant: () => page.chatLink });
  let nonces = 0;
  async function visit({ path = "/invest-he", language = "he", init, answer }: Visit = {}) {
    const request = new Request(`http://127.0.0.1${path}`, init);
    const nonce = `nonce-${++nonces}`;
    const context = new RouterContextProvider();
    context.set(languageContext, language);
    context.set(nonceContext, nonce);
    // React Router hands middleware the document's URL; a data request keeps its `.data` only in `request.url`.
    const url = new URL(request.url.replace(/\.data(?=$|\?)/, ""));
    const args = { request, url, context, params: {}, unstable_pattern: "" } as unknown as Parameters<
      typeof middleware
    >[0];
    const response = await middleware(args, async () => {
      page.renders++;
      const body = `<html lang="${language}"><a href="${page.chatLink}">ask</a><script nonce="${nonce}"></script></html>`;
      return answer?.(body) ?? new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    });
    const { status, headers } = response as Response;
    return { status, nonce, cache: headers.get(PAGE_CACHE_HEADER), html: await (response as Response).text() };
  }
  return { page, visit };
}

describe("the page cache", () => {
  it("renders a page once per path and language, then serves its HTML with each request's own nonce", async () => {
    const { page, visit } = cachedPage();
    const first = await visit();
    const second = await visit();
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect(second.html).toBe(
      `<html lang="he"><a href="/chat?license=first">ask</a><script nonce="${second.nonce}"></script></html>`,
    );
    expect(page.renders).toBe(1);

    expect((await visit({ language: "en" })).cache).toBe("miss");
    expect((await visit({ path: "/invest-en" })).cache).toBe("miss");
    expect((await visit({ language: "en" })).cache).toBe("hit");
    expect(page.renders).toBe(3);
  });

  it("renders afresh when what the page shows besides its language changed, and keeps only the new page", async () => {
    const { page, visit } = cachedPage();
    await visit();
    page.chatLink = "/chat?license=rotated";
    const changed = await visit();
    expect(changed.cache).toBe("miss");
    expect(changed.html).toContain("license=rotated");
    const again = await visit();
    expect(again.cache).toBe("hit");
    expect(again.html).toContain("license=rotated");
    expect(page.renders).toBe(2);
  });

  it("neither serves nor keeps a POST, a query, a data request, a toast or a session", async () => {
    const { page, visit } = cachedPage();
    const freshVisits: Visit[] = [
      { init: { method: "POST" } },
      { path: "/invest-he?inquiry=sent" },
      { path: "/invest-he.data" },
      { init: { headers: { Cookie: "lng=en; alex_toast=abc" } } },
      { init: { headers: { Cookie: "alex_session=abc" } } },
    ];
    for (const fresh of freshVisits) expect((await visit(fresh)).cache).toBeNull();
    expect(page.renders).toBe(freshVisits.length);
    // The language cookie alone is fine: it is what the language came from.
    expect((await visit({ init: { headers: { Cookie: "lng=he" } } })).cache).toBe("miss");
    expect((await visit()).cache).toBe("hit");
  });

  it("keeps no response that sets a cookie or is not a 200 page", async () => {
    const { page, visit } = cachedPage();
    const uncacheable: Visit["answer"][] = [
      (body) =>
        new Response(body, { headers: { "Content-Type": "text/html", "Set-Cookie": "alex_toast=; Max-Age=0" } }),
      (body) => new Response(body, { status: 404, headers: { "Content-Type": "text/html" } }),
      () => Response.json({ page: "not html" }),
    ];
    for (const answer of uncacheable) expect((await visit({ answer })).cache).toBeNull();
    expect(page.renders).toBe(uncacheable.length);
    expect((await visit()).cache).toBe("miss");
  });
});
