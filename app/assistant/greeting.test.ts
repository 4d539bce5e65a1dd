import { describe, expect, it } from "vitest";
import { clientGreetingFor } from "./greeting.ts";

describe("clientGreetingFor", () => {
  const both = { greeting: "שלום! במה אפשר לעזור?", greetingEn: "Hi! How can we help?" };

  it("greets each language with its own greeting", () => {
    expect(clientGreetingFor(both, "he")).toBe("שלום! במה אפשר לעזור?");
    expect(clientGreetingFor(both, "en")).toBe("Hi! How can we help?");
  });

  it("never greets an English site in Hebrew, or a Hebrew one in English", () => {
    expect(clientGreetingFor({ greeting: "שלום!", greetingEn: "" }, "en")).toBeUndefined();
    expect(clientGreetingFor({ greeting: "", greetingEn: "Hello!" }, "he")).toBeUndefined();
    expect(clientGreetingFor(null, "he")).toBeUndefined();
  });

  it("uses an English greeting stored in the Hebrew field, as clients wrote it before there were two", () => {
    expect(clientGreetingFor({ greeting: "Hello from Bright Marketing!", greetingEn: "" }, "en")).toBe(
      "Hello from Bright Marketing!",
    );
  });
});
