import { describe, expect, it } from "vitest";
import { z } from "zod";
import { echoForm, FORM_OUT_OF_RANGE, parseForm } from "./parse-form.ts";

// Schemas shaped like the app's: a flat form, a list of exactly seven rows, a list of at most thirty.
const loginSchema = z.object({ username: z.string().min(1), password: z.string().min(1) });
const businessHoursFormSchema = z
  .object({
    days: z.array(z.object({ open: z.boolean().optional(), opens: z.string(), closes: z.string() })).length(7),
    closedOnHolidays: z.boolean().optional(),
  })
  .transform((form) => form.days);
const trainingFormSchema = z.object({
  clientId: z.coerce.number().int().positive(),
  businessType: z.string(),
  tone: z.enum(["formal", "casual"]),
  faq: z
    .array(z.object({ q: z.string().optional().default(""), a: z.string().optional().default("") }))
    .max(30)
    .optional()
    .default([]),
});

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

const week = Array.from({ length: 7 }, (_, day): [string, string][] => [
  [`days[${day}].opens`, "09:00"],
  [`days[${day}].closes`, "17:00"],
  [`days[${day}].open`, "on"],
]).flat();

describe("parseForm", () => {
  it("drops a field name the schema does not read, however large its index, without building it", () => {
    const started = performance.now();
    const submission = parseForm(
      form([
        ["username", "nobody"],
        ["password", "wrong-password"],
        ["x[999999999]", "1"],
        ["a.b.c.d.e.f.g.h", "1"],
        [`${"[0]".repeat(5000)}`, "1"],
      ]),
      { schema: loginSchema },
    );
    // A billion-row array took seconds and then the memory; this is a first call, cold (schema walk, JIT).
    expect(performance.now() - started).toBeLessThan(2000);
    expect(submission.status).toBe("success");
    expect(submission.payload).toEqual({ username: "nobody", password: "wrong-password" });
    expect(JSON.stringify(submission.reply())).not.toContain("999999999");
  });

  it("refuses a known list's index past the schema's maximum, echoing only the fields it reads", () => {
    const submission = parseForm(form([...week, ["days[999999999].open", "on"], ["x", "1"]]), {
      schema: businessHoursFormSchema,
    });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ "": [FORM_OUT_OF_RANGE] });
    expect(Object.keys(reply.initialValue ?? {})).toEqual(["days"]);
    expect((reply.initialValue as { days: unknown[] }).days).toHaveLength(7);
  });

  it("reads every row up to the maximum, the last one included", () => {
    const submission = parseForm(form(week), { schema: businessHoursFormSchema });
    expect(submission.status).toBe("success");
    expect(parseForm(form([...week, ["days[7].open", "on"]]), { schema: businessHoursFormSchema }).status).toBe(
      "error",
    );
  });

  it("refuses a form-kit intent that points past a list's maximum or at no field", () => {
    const base: [string, string][] = [
      ["clientId", "1"],
      ["businessType", "retail"],
      ["tone", "formal"],
    ];
    const intent = (payload: object) =>
      parseForm(form([...base, ["__intent__", JSON.stringify(payload)]]), { schema: trainingFormSchema });
    expect(intent({ type: "insert", payload: { name: "faq" } }).reply().error).toBeUndefined();
    expect(intent({ type: "update", payload: { name: "faq[999999999].q", value: "x" } }).reply().error).toEqual({
      "": [FORM_OUT_OF_RANGE],
    });
    expect(intent({ type: "reorder", payload: { name: "faq", from: 0, to: 10 ** 9 } }).reply().error).toEqual({
      "": [FORM_OUT_OF_RANGE],
    });
    expect(intent({ type: "update", payload: { name: "unknown", value: "x" } }).status).toBe("error");
    // A list intent on a field posted as text throws inside Conform: a refusal, not an exception.
    const text = parseForm(
      form([
        ...base,
        ["faq", "text"],
        ["__intent__", JSON.stringify({ type: "remove", payload: { name: "faq", index: 0 } })],
      ]),
      { schema: trainingFormSchema },
    );
    expect(text.reply().error).toEqual({ "": [FORM_OUT_OF_RANGE] });
  });

  it("echoes only the fields the schema reads", () => {
    const echoed = echoForm(
      form([
        ["username", "nobody"],
        ["x[999999999]", "1"],
        ["__state__", "{"],
      ]),
      {
        schema: loginSchema,
      },
    ).reply({ formErrors: ["forms.tooManyRequests"] });
    expect(echoed.initialValue).toEqual({ username: "nobody" });
  });
});
