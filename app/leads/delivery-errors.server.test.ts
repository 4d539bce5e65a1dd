import { describe, expect, it } from "vitest";
import { explanationText } from "~/checks/explanation.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { explainDeliveryError, FINAL_REASONS } from "./delivery-errors.server.ts";

async function words(language: "en" | "he", ...args: Parameters<typeof explainDeliveryError>) {
  const explanation = explainDeliveryError(...args);
  if (!explanation) return undefined;
  const i18n = await getI18nInstance(language);
  return { text: explanationText(i18n.getFixedT(language), explanation), raw: explanation.raw };
}

describe("a failed delivery in words", () => {
  it("explains a refused connection as the status page does, keeping Node's text as the details", async () => {
    const error = "connect ECONNREFUSED 127.0.0.1:8951";
    expect(await words("en", "webhook", { statusCode: null, error })).toEqual({
      text: "The connection was refused: nothing answers on that address and port, or a firewall blocks it.",
      raw: error,
    });
    expect(await words("he", "webhook", { statusCode: null, error })).toEqual({
      text: "החיבור נדחה: אף שרת לא עונה בכתובת ובפורט האלה, או שחומת אש חוסמת אותם.",
      raw: error,
    });
  });

  it("names the host that DNS did not find", async () => {
    const found = await words("en", "webhook", { statusCode: null, error: "getaddrinfo ENOTFOUND hooks.example" });
    expect(found?.text).toContain("hooks.example was not found (DNS)");
  });

  it("explains the receiver's answers by their status", async () => {
    expect((await words("en", "webhook", { statusCode: 401, error: "HTTP 401" }))?.text).toBe(
      "The webhook receiver refused the request (401): check that it expects Alex and uses the current secret.",
    );
    expect((await words("en", "webhook", { statusCode: 503, error: "HTTP 503" }))?.text).toBe(
      "The webhook receiver failed (503); it will be tried again.",
    );
    expect((await words("he", "webhook", { statusCode: 404, error: "HTTP 404" }))?.text).toBe(
      "כתובת ה־webhook לא נמצאה אצל המקבל (404): יש לבדוק את הכתובת.",
    );
  });

  it("explains a timeout, a mail server's refusal and the reasons that need no retry", async () => {
    const timeout = await words("en", "webhook", {
      statusCode: null,
      error: "The operation was aborted due to timeout",
    });
    expect(timeout).toEqual({
      text: "The webhook receiver did not answer within 5 seconds; it will be tried again.",
      raw: "The operation was aborted due to timeout",
    });
    expect((await words("en", "email", { statusCode: 550, error: "550 5.1.1 mailbox unavailable" }))?.text).toBe(
      "The mail server refused the e-mail (code 550).",
    );
    expect(await words("en", "email", { statusCode: null, error: FINAL_REASONS.mailOff })).toEqual({
      text: "E-mail is off on the server (SMTP_URL is not set), so this e-mail was not sent.",
      raw: undefined,
    });
    expect((await words("en", "webhook", { statusCode: null, error: "something odd" }))?.raw).toBe("something odd");
  });

  it("has nothing to say about an attempt that went through", () => {
    expect(explainDeliveryError("webhook", { statusCode: 200, error: null })).toBeUndefined();
  });
});
