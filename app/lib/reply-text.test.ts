import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReplyText } from "~/components/reply-text.tsx";
import { replyPieces } from "./reply-text.ts";

describe("a reply's pieces", () => {
  it("makes an http or https address a link, without the sentence's punctuation", () => {
    expect(replyPieces("ההזמנות כאן: http://127.0.0.1:8931/bakery.")).toEqual([
      { kind: "text", text: "ההזמנות כאן: " },
      { kind: "link", text: "http://127.0.0.1:8931/bakery", href: "http://127.0.0.1:8931/bakery" },
      { kind: "text", text: "." },
    ]);
    expect(replyPieces("See https://example.com/a?b=1&c=2#top, or call.")[1]).toEqual({
      kind: "link",
      text: "https://example.com/a?b=1&c=2#top",
      href: "https://example.com/a?b=1&c=2#top",
    });
  });

  it("keeps a closing bracket that belongs to the address, and drops one that closes the sentence", () => {
    expect(replyPieces("(https://en.wikipedia.org/wiki/Bread_(food))")[1]).toMatchObject({
      text: "https://en.wikipedia.org/wiki/Bread_(food)",
    });
    expect(replyPieces("(ראו https://alex.example/faq)")).toEqual([
      { kind: "text", text: "(ראו " },
      { kind: "link", text: "https://alex.example/faq", href: "https://alex.example/faq" },
      { kind: "text", text: ")" },
    ]);
  });

  it("ends an address where Hebrew text starts, even without a space", () => {
    expect(replyPieces("באתר https://alex.example/מאפייה")[1]).toMatchObject({ text: "https://alex.example/" });
  });

  it("never links another scheme or a broken address", () => {
    for (const text of ["javascript:alert(1)", "data:text/html,<b>x</b>", "ftp://files.example/a", "mailto:a@b.co"]) {
      expect(replyPieces(text).some((piece) => piece.kind === "link")).toBe(false);
    }
    expect(replyPieces("http://")).toEqual([{ kind: "text", text: "http://" }]);
    expect(replyPieces("https://exa mple.com")[0]).toMatchObject({ kind: "link", text: "https://exa" });
  });

  it("isolates phone numbers, prices, times and e-mail addresses, and leaves plain numbers alone", () => {
    const pieces = replyPieces(
      "התקשרו 050-123-4567 או +972 3 123 4567, המחיר ₪1,200.50 או 50 ₪ עד 14:00 (3 ימים) a@b.co",
    );
    expect(pieces.filter((piece) => piece.kind === "number").map((piece) => piece.text)).toEqual([
      "050-123-4567",
      "+972 3 123 4567",
      "₪1,200.50",
      "50 ₪",
      "14:00",
    ]);
    expect(pieces.filter((piece) => piece.kind === "ltr").map((piece) => piece.text)).toEqual(["a@b.co"]);
    expect(pieces.map((piece) => piece.text).join("")).toBe(
      "התקשרו 050-123-4567 או +972 3 123 4567, המחיר ₪1,200.50 או 50 ₪ עד 14:00 (3 ימים) a@b.co",
    );
    expect(replyPieces("(03) 123-4567")).toEqual([{ kind: "number", text: "(03) 123-4567" }]);
  });

  it("keeps the text whole: the pieces join back to the reply", () => {
    const reply = "Order at https://shop.example/x?y=(1) by 20% off $5 — call (03) 555-1234!";
    expect(
      replyPieces(reply)
        .map((piece) => piece.text)
        .join(""),
    ).toBe(reply);
    expect(replyPieces("")).toEqual([]);
  });
});

describe("a reply rendered by React", () => {
  it("links with noopener nofollow in a new tab, isolated left to right, and escapes the rest", () => {
    const html = renderToStaticMarkup(
      createElement(ReplyText, { text: '<img src=x onerror=alert(1)> https://alex.example/a"b 050-1234567' }),
    );
    expect(html).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <bdi dir="ltr"><a href="https://alex.example/a" rel="noopener nofollow" target="_blank" class="underline">https://alex.example/a</a></bdi>&quot;b <bdi dir="ltr" class="whitespace-nowrap">050-1234567</bdi>',
    );
  });
});
