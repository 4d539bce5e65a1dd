import { useCallback, useState } from "react";
import type * as FormValidationModule from "~/landing/form-validation.ts";

type FormValidation = typeof FormValidationModule;

/**
 * The landing forms' browser-side checks (zod and the shared schemas), loaded on demand: `load`
 * is called when a visitor first focuses a form. Until it arrives the server checks the post.
 */
export function useFormValidation(): [FormValidation | null, () => void] {
  const [validation, setValidation] = useState<FormValidation | null>(null);
  const load = useCallback(() => {
    void import("~/landing/form-validation.ts").then(setValidation);
  }, []);
  return [validation, load];
}
