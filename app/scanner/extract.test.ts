import { describe, expect, it } from "vitest";
import { decodeHtml, extractTopics } from "./extract.ts";

describe("extractTopics", () => {
  it("splits the main text by headings and drops navigation, header, footer and scripts", () => {
    const html = `<!doctype html><html><head><title>Dana's Bakery</title><script>var x = "code";</script></head>
      <body><header><a href="/">Home</a></header><nav><ul><li>Menu</li></ul></nav>
      <p>Fresh bread every morning.</p>
      <h2>Opening hours</h2><p>Sunday to Thursday, 7:00&ndash;19:00.</p><p>Friday until 14:00.</p>
      <h2>Delivery <small>(Tel Aviv)</small></h2><ul><li>Free above 100 NIS</li><li>Same day</li></ul>
      <h3>Empty</h3>
      <form><label>Name</label><input name="n"></form>
      <footer>© 2026 Dana</footer><style>p{}</style></body></html>`;
    expect(extractTopics(html)).toEqual([
      { topic: "Dana's Bakery", content: "Fresh bread every morning." },
      { topic: "Opening hours", content: "Sunday to Thursday, 7:00–19:00.\nFriday until 14:00." },
      { topic: "Delivery (Tel Aviv)", content: "Free above 100 NIS\nSame day" },
    ]);
  });

  it("keeps only <main> when the page marks it, and Hebrew as written", () => {
    const html = `<html dir="rtl"><body><div class="top">פרסומת</div><h1>לא כאן</h1><p>טקסט צד</p>
      <main><h1>מי אנחנו</h1><p>משרד רואי חשבון בחיפה.</p><br><p hidden>מוסתר</p><div aria-hidden="true">גם מוסתר</div></main></body></html>`;
    expect(extractTopics(html)).toEqual([{ topic: "מי אנחנו", content: "משרד רואי חשבון בחיפה." }]);
  });

  it("names a topic once when its title repeats it", () => {
    const html = `<html><head><title>אודות | אודות</title></head><body><p>משרד רואי חשבון.</p>
      <h2>Prices - Prices</h2><p>From 100 NIS.</p><h2>Tel Aviv - Jaffa</h2><p>Open daily.</p></body></html>`;
    expect(extractTopics(html)).toEqual([
      { topic: "אודות", content: "משרד רואי חשבון." },
      { topic: "Prices", content: "From 100 NIS." },
      { topic: "Tel Aviv - Jaffa", content: "Open daily." },
    ]);
  });

  it("keeps an article's own header", () => {
    const html = `<article><header><h2>Our story</h2></header><p>Since 1990.</p></article>`;
    expect(extractTopics(html)).toEqual([{ topic: "Our story", content: "Since 1990." }]);
  });
});

describe("decodeHtml", () => {
  it("reads the charset from the header, then from a meta tag", () => {
    const hebrew = Buffer.from([0xf9, 0xec, 0xe5, 0xed]); // שלום in windows-1255
    expect(decodeHtml(hebrew, "text/html; charset=windows-1255")).toBe("שלום");
    const withMeta = Buffer.concat([Buffer.from('<meta charset="windows-1255">'), hebrew]);
    expect(decodeHtml(withMeta, "text/html")).toBe('<meta charset="windows-1255">שלום');
    expect(decodeHtml(Buffer.from("שלום"), "text/html; charset=nonsense")).toBe("שלום");
  });
});
