import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WIDGET_CLIENT_TEXTS, type WidgetConfig } from "../widget-config.ts";
import { ChatPage, scriptSafeJson } from "./chat-page.tsx";

describe("JSON inside a script element", () => {
  it("cannot close the element, open a comment or break a line", () => {
    const hostile = { greeting: "</script><script>alert(1)</script><!-- & \u2028\u2029" };
    const text = scriptSafeJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});

describe("the chat page", () => {
  const config: WidgetConfig = {
    license: "alex_</script>",
    language: "en",
    maxMessageLength: 2000,
    ratingQuietMinutes: 10,
    endpoints: { messages: "/m", history: "/h", feedback: "/f", rating: "/r", chatEvents: "/e" },
    texts: Object.fromEntries(WIDGET_CLIENT_TEXTS.map((key) => [key, key])) as WidgetConfig["texts"],
  };
  const page = (askConsent: boolean) =>
    renderToStaticMarkup(
      createElement(ChatPage, {
        config,
        businessName: `<img src=x onerror=alert(1)>"Shop"`,
        askConsent,
        personButton: true,
        policyUrl: "https://shop.example/privacy",
        greeting: "<b>Hi</b> & welcome",
        subtitle: "<i>open</i> until 18:00",
        t: (key) => key,
        nonce: "abc",
        style: "body{}",
        script: "void 0",
      }),
    );
  const html = page(true);

  it("escapes the client's name and greeting, and keeps the config inside its script element", () => {
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;Shop&quot;");
    expect(html).toContain("&lt;b&gt;Hi&lt;/b&gt; &amp; welcome");
    expect(html).toContain("&lt;i&gt;open&lt;/i&gt; until 18:00");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('"license":"alex_\\u003c/script\\u003e"');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
  });

  it("marks every message for its own direction and the conversation as a log", () => {
    expect(html).toMatch(/<div id="alex-log" class="log" role="log"/);
    expect(html).toMatch(/<div class="message assistant" dir="auto">/);
    expect(html).toContain('<script nonce="abc">void 0</script>');
    expect(html).toContain('<style nonce="abc">body{}</style>');
  });

  it("asks consent with a labelled checkbox when the client wants it, and always links the policy", () => {
    expect(html).toContain('<input type="checkbox" id="alex-consent"/><label for="alex-consent">consent</label>');
    const withoutConsent = page(false);
    expect(withoutConsent).not.toContain("alex-consent");
    for (const markup of [html, withoutConsent])
      expect(markup).toContain('<a href="https://shop.example/privacy" target="_blank" rel="noopener noreferrer">');
  });
});
