import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export const SITE_PAGES = {
  en: `<!doctype html><html lang="en"><head><title>Harbor Dental</title></head><body>
    <nav><a href="/">Home</a><a href="/he">עברית</a></nav>
    <main><h1>Harbor Dental Clinic</h1><p>Family dentistry in Haifa since 1998.</p>
    <h2>Opening hours</h2><p>Sunday to Thursday 8:00 to 18:00.</p>
    <h2>Teeth whitening</h2><p>One visit, 90 minutes, 1,200 NIS.</p></main>
    <footer>© Harbor Dental</footer><script>track()</script></body></html>`,
  he: `<!doctype html><html lang="he" dir="rtl"><head><meta charset="utf-8"><title>מרפאת שיניים הנמל</title></head><body>
    <header><a href="/">דף הבית</a></header>
    <main><h1>מרפאת שיניים הנמל</h1><p>רפואת שיניים לכל המשפחה בחיפה.</p>
    <h2>שעות פתיחה</h2><p>ראשון עד חמישי 8:00 עד 18:00.</p>
    <h2>הלבנת שיניים</h2><p>ביקור אחד, 90 דקות, 1,200 ש"ח.</p></main></body></html>`,
} as const;

export type TestSite = { url: string; close: () => Promise<void> };

/**
 * A small website on 127.0.0.1 for the scanner: an English and a Hebrew page, and the pages a
 * scanner must refuse (a redirect to a private address, a PDF, an oversize page, a page that never answers).
 */
export async function startTestSite(): Promise<TestSite> {
  let origin = "";
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", origin).pathname;
    const html = (body: string) => response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(body);
    switch (path) {
      case "/en":
        return html(SITE_PAGES.en);
      case "/he":
        return html(SITE_PAGES.he);
      case "/moved":
        return response.writeHead(301, { Location: "/en" }).end();
      // "localhost" is not on the allow-list (127.0.0.1 is): it resolves to loopback and must be refused.
      case "/to-private":
        return response
          .writeHead(302, { Location: `http://localhost:${(server.address() as AddressInfo).port}/en` })
          .end();
      case "/to-metadata":
        return response.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end();
      case "/loop":
        return response.writeHead(302, { Location: "/loop" }).end();
      case "/brochure.pdf":
        return response.writeHead(200, { "Content-Type": "application/pdf" }).end("%PDF-1.4");
      case "/huge":
        response.writeHead(200, { "Content-Type": "text/html" });
        // No Content-Length: the scanner must count what arrives.
        for (let chunk = 0; chunk < 50; chunk++) response.write(`<p>${"x".repeat(64 * 1024)}</p>`);
        return response.end();
      case "/slow":
        response.writeHead(200, { "Content-Type": "text/html" });
        response.write("<p>almost");
        return; // never ends
      // Bytes no one types: a NUL (PostgreSQL refuses it in text) and other controls, raw and as references.
      case "/controls":
        return html(
          "<html><body><main><h1>Opening\u0000 hours</h1><p>Sunday\u0000 to Thursday&#1;, 8:00\u0007 to 18:00.</p></main></body></html>",
        );
      case "/empty":
        return html("<html><body><nav>Only navigation</nav></body></html>");
      default:
        return response.writeHead(404, { "Content-Type": "text/html" }).end("<h1>Not found</h1>");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
