import { describe, expect, it } from "vitest";
import { type z } from "zod";
import { newPasswordPairSchema, newPasswordSchema } from "./password-schema.ts";

const messages = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`) ?? [];

describe("the new password rule", () => {
  it("takes ten characters or more, as typed", () => {
    expect(newPasswordSchema.parse("  ten chars ")).toBe("  ten chars ");
    expect(messages(newPasswordSchema.safeParse("nine char"))).toEqual([":password.tooShort"]);
    expect(messages(newPasswordSchema.safeParse(""))).toContain(":password.required");
    expect(messages(newPasswordSchema.safeParse("x".repeat(201)))).toEqual([":password.tooLong"]);
  });

  it("wants the confirmation to match, on the confirmation's field", () => {
    expect(
      newPasswordPairSchema.safeParse({ password: "long-enough-1", confirmPassword: "long-enough-1" }).success,
    ).toBe(true);
    expect(
      messages(newPasswordPairSchema.safeParse({ password: "long-enough-1", confirmPassword: "long-enough-2" })),
    ).toEqual(["confirmPassword:password.mismatch"]);
  });
});
