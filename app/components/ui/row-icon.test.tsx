import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderHtml, tagsOf } from "../../../tests/support/render.tsx";
import { ROW_ICON_NAMES, RowIcon } from "./row-icon.tsx";
import { rowIconSprite } from "./row-icons.sprite.tsx";

const sprite = readFileSync(new URL("./row-icons.svg", import.meta.url), "utf8");

describe("row icons", () => {
  it("read from a sprite that is lucide's drawings as they are now (else: node --import tsx scripts/row-icons.tsx)", () => {
    expect(sprite).toBe(rowIconSprite());
  });

  it("point at a symbol of the sprite, one for each name", () => {
    const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));
    for (const name of ROW_ICON_NAMES) {
      const use = tagsOf(renderHtml(<RowIcon name={name} />)).find((tag) => tag.name === "use")!;
      expect(use.attributes.href).toMatch(new RegExp(`row-icons.*\\.svg.*#${name}$`));
      expect(symbols).toContain(name);
    }
  });
});
