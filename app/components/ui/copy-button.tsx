import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated.ts";
import { useTranslation } from "react-i18next";
import { Button, type ButtonProps } from "./button.tsx";

type CopyState = "idle" | "copied" | "failed";

const SHOWN_FOR_MS = 2000;

type CopyButtonProps = {
  /** What goes to the clipboard. Show it on the page as selectable text too: this button needs JavaScript. */
  text: string;
  /** The button's name, when "Copy" alone would not say what it copies ("Copy license key"). */
  label?: string;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
  className?: string;
};

/**
 * Copies `text` and says "Copied" (politely, to screen readers too) for two seconds. Without
 * JavaScript it renders nothing, since it could do nothing: the text next to it stays selectable.
 */
export function CopyButton({ text, label, size = "sm", variant = "secondary", className }: CopyButtonProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (!hydrated) return null;
  return (
    <>
      <Button
        size={size}
        variant={variant}
        className={className}
        onClick={() => copyToClipboard(text).then((copied) => setState(copied ? "copied" : "failed"))}
      >
        {state === "copied" ? (
          <Check className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Copy className="h-4 w-4" aria-hidden="true" />
        )}
        {label ?? t("copy.copy")}
      </Button>
      <span role="status" className={state === "failed" ? "text-sm text-red-700" : "text-sm text-emerald-700"}>
        {state === "copied" ? t("copy.copied") : state === "failed" ? t("copy.failed") : ""}
      </span>
    </>
  );
}

/** The Clipboard API needs a secure page (https or localhost); elsewhere the older copy command still works. */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const scratch = document.createElement("textarea");
    scratch.value = text;
    scratch.setAttribute("readonly", "");
    scratch.style.position = "fixed";
    scratch.style.opacity = "0";
    document.body.append(scratch);
    scratch.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    } finally {
      scratch.remove();
    }
  }
}
