import { parseForm } from "~/components/ui/parse-form.ts";
import { describe, expect, it } from "vitest";
import { contactPreviewSchema } from "./contact-preview-schema.ts";

function errorsOf(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  const submission = parseForm(formData, { schema: contactPreviewSchema });
  return submission.status === "success" ? submission.value : submission.reply().error;
}

describe("the plugin preview's contact form", () => {
  it("requires both fields, blank counting as missing", () => {
    expect(errorsOf({})).toEqual({
      phone: ["preview.errors.phoneRequired"],
      fullName: ["preview.errors.nameRequired"],
    });
    expect(errorsOf({ phone: "   ", fullName: " " })).toEqual({
      phone: ["preview.errors.phoneRequired"],
      fullName: ["preview.errors.nameRequired"],
    });
  });

  it("takes a phone of at most 15 digits, spaces and dashes, and a name of at most 50", () => {
    expect(errorsOf({ phone: " 050-123 45678 ", fullName: " Dana Levi " })).toEqual({
      phone: "050-123 45678",
      fullName: "Dana Levi",
    });
    expect(errorsOf({ phone: "+972501234567", fullName: "Dana" })).toEqual({ phone: ["preview.errors.phoneFormat"] });
    expect(errorsOf({ phone: "- -", fullName: "Dana" })).toEqual({ phone: ["preview.errors.phoneFormat"] });
    expect(errorsOf({ phone: "1234567890123456", fullName: "Dana" })).toEqual({
      phone: ["preview.errors.phoneTooLong"],
    });
    expect(errorsOf({ phone: "050", fullName: "x".repeat(51) })).toEqual({ fullName: ["preview.errors.nameTooLong"] });
    expect(errorsOf({ phone: "123456789012345", fullName: "x".repeat(50) })).toEqual({
      phone: "123456789012345",
      fullName: "x".repeat(50),
    });
  });
});
