import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { DialogCloseButton } from "~/components/ui/dialog-close-button.tsx";
import { LoginForm } from "./login-form.tsx";

import type { LoginDialogSlot } from "~/components/site-header.tsx";

const LOGIN_DIALOG_ID = "login-dialog";

/** The login page in the page's language, so its errors (and the back-office after) speak it too. */
const loginPathIn = (language: string) => `/login?lng=${language}`;

/** What the site header needs of the Admin Login: the dialog, its id and the page its links fall back to. */
export function useLoginDialogSlot(): LoginDialogSlot {
  const { i18n } = useTranslation();
  return { id: LOGIN_DIALOG_ID, href: loginPathIn(i18n.language), dialog: <LoginDialog /> };
}

/**
 * The public site's Admin Login: the browser's own modal <dialog> around the login form, opened by
 * the header's links (app/islands/enhance.ts). The form is a plain post to /login in the page's
 * language: success lands on the dashboard, wrong credentials on the /login page with its errors.
 * Without JavaScript the links lead to that page directly.
 */
function LoginDialog() {
  const { t, i18n } = useTranslation();
  return (
    <dialog
      id={LOGIN_DIALOG_ID}
      aria-labelledby={`${LOGIN_DIALOG_ID}-title`}
      aria-describedby={`${LOGIN_DIALOG_ID}-description`}
      // A click outside closes it too; the rule's list predates the attribute, which React passes through.
      // eslint-disable-next-line react/no-unknown-property
      closedby="any"
      data-locks-scroll
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border-0 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 id={`${LOGIN_DIALOG_ID}-title`} className="text-lg font-semibold">
            {t("login.modalTitle")}
          </h2>
          <p id={`${LOGIN_DIALOG_ID}-description`} className="mt-1 text-sm text-slate-600">
            {t("login.subtitle")}
          </p>
        </div>
        <DialogCloseButton />
      </div>
      <LoginForm
        id="login-dialog-form"
        action={loginPathIn(i18n.language)}
        lastResult={null}
        secondaryAction={
          <Button type="button" variant="secondary" data-closes-dialog>
            {t("actions.cancel")}
          </Button>
        }
      />
    </dialog>
  );
}
