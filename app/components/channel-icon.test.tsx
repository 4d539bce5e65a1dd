import { describe, expect, it } from "vitest";
import { renderHtml, tagsOf } from "../../tests/support/render.tsx";
import { ChannelIcon } from "./channel-icon.tsx";

describe("ChannelIcon", () => {
  it.each([
    ["web", "en", "Website"],
    ["web", "he", "אתר"],
    ["whatsapp", "en", "WhatsApp"],
    ["whatsapp", "he", "WhatsApp"],
    ["telegram", "en", "Telegram"],
    ["telegram", "he", "Telegram"],
  ] as const)("names %s in %s as %s, for a screen reader and as a tooltip", (channel, language, label) => {
    const html = renderHtml(<ChannelIcon channel={channel} />, { language });
    expect(tagsOf(html)[0]!.attributes.title).toBe(label);
    expect(html).toContain(`<span class="sr-only">${label}</span>`);
    // The drawing itself is not read out: the name is.
    expect(tagsOf(html).find((tag) => tag.name === "svg")!.attributes["aria-hidden"]).toBe("true");
  });

  it("shows the name beside the icon when asked", () => {
    const html = renderHtml(<ChannelIcon channel="web" withLabel />, { language: "he" });
    expect(html).toContain("<span>אתר</span>");
    expect(html).not.toContain("sr-only");
  });

  it("draws a different icon for each channel", () => {
    const icons = (["web", "whatsapp", "telegram"] as const).map(
      (channel) =>
        tagsOf(renderHtml(<ChannelIcon channel={channel} />)).find((tag) => tag.name === "use")!.attributes.href,
    );
    expect(new Set(icons).size).toBe(3);
  });
});
