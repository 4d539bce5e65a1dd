import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/ui/form-fields.tsx";

/**
 * A new password and its confirmation, as every form that sets one asks them (the account page, a
 * reset, an invitation): left to right, and marked new for password managers.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
  labels: { password: string; hint: string; confirm: string };
}) {
  return (
    <>
      <TextField
        field={password}
        type="password"
        label={labels.password}
        hint={labels.hint}
        autoComplete="new-password"
        dir="ltr"
      />
      <TextField field={confirmPassword} type="password" label={labels.confirm} autoComplete="new-password" dir="ltr" />
    </>
  );
}
