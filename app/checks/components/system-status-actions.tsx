import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { CHECK_KINDS, CLIENT_CHECK_KINDS, type CheckKind } from "../connection-result.ts";

/** The checks a submission in flight is running: the page shows them as testing. */
export function useTestingKinds(): Set<CheckKind> {
  const navigation = useNavigation();
  const form =
    navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST"
      ? navigation.formData
      : undefined;
  const intent = form?.get("intent");
  if (intent === "refresh" || intent === "full-test")
    return new Set(intent === "refresh" ? CHECK_KINDS : CLIENT_CHECK_KINDS);
  const kind = form?.get("kind");
  return new Set(
    intent === "check" && typeof kind === "string" ? CHECK_KINDS.filter((candidate) => candidate === kind) : [],
  );
}

/** The selected client and tab, posted with every action so its answer comes back to them. */
export type ActionFields = Record<string, string | number>;

type ActionButtonProps = {
  intent: "refresh" | "full-test" | "check";
  kind?: CheckKind;
  hidden: ActionFields;
  busy: boolean;
  variant?: "primary" | "secondary";
  icon?: ReactNode;
  children: ReactNode;
};

/** A button that posts one intent with the selected client; disabled while any check runs. */
export function ActionButton({ intent, kind, hidden, busy, variant = "primary", icon, children }: ActionButtonProps) {
  const { t } = useTranslation("checks");
  return (
    <Form method="post">
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {kind ? <input type="hidden" name="kind" value={kind} /> : null}
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
        {icon}
        {busy ? t("actions.testing") : children}
      </Button>
    </Form>
  );
}
