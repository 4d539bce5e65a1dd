import * as DialogPrimitive from "@radix-ui/react-dialog";
import clsx from "clsx";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

type DialogContentProps = {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** "center" for a modal box, "side" for a slide-over from the start edge (the right in Hebrew). */
  placement?: "center" | "side";
  className?: string;
};

export function DialogContent({ title, description, children, placement = "center", className }: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
      <DialogPrimitive.Content
        {...(description ? {} : { "aria-describedby": undefined })}
        className={clsx(
          "fixed z-50 bg-white shadow-xl focus:outline-none",
          placement === "center"
            ? "start-1/2 top-1/2 w-[calc(100%-2rem)] max-w-md -translate-y-1/2 rounded-xl p-6 ltr:-translate-x-1/2 rtl:translate-x-1/2"
            : "inset-y-0 start-0 w-72 max-w-[85vw] overflow-y-auto p-4",
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
                {description}
              </DialogPrimitive.Description>
            ) : null}
          </div>
          <DialogPrimitive.Close
            className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            aria-label={t("actions.close")}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        </div>
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
