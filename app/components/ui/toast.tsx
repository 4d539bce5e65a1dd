import * as ToastPrimitive from "@radix-ui/react-toast";
import clsx from "clsx";
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export type ToastMessage = { message: string; description?: string; type: "success" | "error" | "info" | "warning" };

const tone = {
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  error: "border-red-300 bg-red-50 text-red-900",
  info: "border-sky-300 bg-sky-50 text-sky-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
} as const;

/**
 * Shows the flash toast the server sent with the page, one at a time, for 5 seconds
 * (F8 focuses it). Radix renders toasts in the browser only, so without JavaScript the same
 * message shows as a banner in a <noscript>.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState<ToastMessage | null>(null);
  const current = toast !== dismissed ? toast : null;

  return (
    <>
      {toast ? (
        <noscript>
          <p
            role="status"
            className={clsx("fixed bottom-4 end-4 z-[100] rounded-lg border p-4 shadow-lg", tone[toast.type])}
          >
            {toast.message}
            {toast.description ? ` ${toast.description}` : null}
          </p>
        </noscript>
      ) : null}
      <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t("toast.title")}>
        {current ? (
          <ToastPrimitive.Root
            key={`${current.type}:${current.message}`}
            onOpenChange={(open) => (open ? null : setDismissed(toast))}
            className={clsx("flex items-start gap-3 rounded-lg border p-4 shadow-lg", tone[current.type])}
            type={current.type === "error" ? "foreground" : "background"}
          >
            <div className="flex-1">
              <ToastPrimitive.Title className="font-medium">{current.message}</ToastPrimitive.Title>
              {current.description ? (
                <ToastPrimitive.Description className="mt-1 text-sm">{current.description}</ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close aria-label={t("actions.close")} className="rounded p-1 hover:bg-black/5">
              <X className="h-4 w-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ) : null}
        <ToastPrimitive.Viewport
          label={t("toast.label")}
          className="fixed bottom-0 end-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
        />
      </ToastPrimitive.Provider>
    </>
  );
}
