import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { LoginReply } from "~/auth/login-schema.ts";
import { LoginForm } from "./login-form.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "~/components/ui/dialog.tsx";

type LoginModalProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The landing page's Admin Login. It posts to /login through a fetcher, so wrong credentials
 * show in the modal; success follows the server's redirect to the dashboard. Without
 * JavaScript its triggers are plain links to the /login page.
 */
export function LoginModal({ open, onOpenChange }: LoginModalProps) {
  const { t } = useTranslation();
  // A new fetcher (and form) each time the modal opens, so old errors do not come back.
  const [attempt, setAttempt] = useState(0);
  const fetcher = useFetcher<LoginReply>({ key: `login-modal-${attempt}` });
  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    if (!next) setAttempt((value) => value + 1);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent title={t("login.modalTitle")} description={t("login.subtitle")}>
        <LoginForm
          key={attempt}
          id={`login-modal-${attempt}`}
          lastResult={fetcher.data?.result}
          pending={fetcher.state !== "idle"}
          FormComponent={fetcher.Form}
          secondaryAction={
            <DialogClose asChild>
              <Button variant="secondary">{t("actions.cancel")}</Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
