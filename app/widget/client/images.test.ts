import { describe, expect, it } from "vitest";
import { IMAGE_LIMITS, screenImages } from "./images.ts";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("the images a visitor attaches", () => {
  it("accepts JPEG, PNG and WebP up to 5 MB each", () => {
    const files = [
      file("a.jpg", "image/jpeg"),
      file("b.png", "image/png", IMAGE_LIMITS.maxBytes),
      file("c.webp", "image/webp"),
    ];
    expect(screenImages(0, files)).toEqual({ accepted: files, problems: [] });
  });

  it("refuses other types, larger files and a fourth image, saying which and why", () => {
    const result = screenImages(1, [
      file("doc.pdf", "application/pdf"),
      file("anim.gif", "image/gif"),
      file("huge.jpg", "image/jpeg", IMAGE_LIMITS.maxBytes + 1),
      file("one.png", "image/png"),
      file("two.png", "image/png"),
      file("three.png", "image/png"),
    ]);
    expect(result.accepted.map((accepted) => accepted.name)).toEqual(["one.png", "two.png"]);
    expect(result.problems).toEqual([
      { kind: "type", name: "doc.pdf" },
      { kind: "type", name: "anim.gif" },
      { kind: "size", name: "huge.jpg" },
      { kind: "count", name: "three.png" },
    ]);
  });
});
