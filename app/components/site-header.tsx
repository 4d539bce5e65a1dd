import { Menu } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "~/components/language-select.tsx";
import { DialogCloseButton } from "~/components/ui/dialog-close-button.tsx";

const ANCHORS = [
  { href: "/#features", key: "features" },
  { href: "/#pricing", key: "pricing" },
  { href: "/#contact", key: "contact" },
] as const;

const MENU_ID = "site-menu";

/** The Admin Login dialog, owned by the auth capability and handed in, with its element's id and the login page. */
export type LoginDialogSlot = { id: string; href: string; dialog: ReactNode };

/** A link to the login page that opens the login dialog instead once the page's script runs. */
function AdminLoginLink({ login, className }: { login: LoginDialogSlot; className: string }) {
  const { t } = useTranslation();
  return (
    <a href={login.href} data-opens-dialog={login.id} className={className}>
      {t("login.open")}
    </a>
  );
}

/**
 * The public site's sticky header: anchors, language, Admin Login, and a slide-in menu on phones.
 * It is rendered on island pages only (app/islands/island-page.tsx): the menu and the login are the
 * browser's own modal <dialog>s, which trap focus, close on Escape or a click outside and give focus
 * back; app/islands/enhance.ts opens and closes them from the `data-opens-dialog` and
 * `data-closes-dialog` attributes.
 */
export function SiteHeader({ login }: { login: LoginDialogSlot }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <a href="/" className="text-2xl font-bold text-brand-700">
          {t("brand")}
        </a>
        <nav aria-label={t("site.navigation")} className="hidden md:block">
          <ul className="flex items-center gap-6">
            {ANCHORS.map(({ href, key }) => (
              <li key={key}>
                <a href={href} className="font-medium text-slate-700 hover:text-brand-700">
                  {t(`site.nav.${key}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-3">
          <LanguageSelect />
          <AdminLoginLink
            login={login}
            className="hidden rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 md:inline-flex"
          />
          <button
            type="button"
            data-opens-dialog={MENU_ID}
            aria-haspopup="dialog"
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
            aria-label={t("site.openMenu")}
          >
            <Menu className="h-6 w-6" aria-hidden="true" />
          </button>
          <dialog
            id={MENU_ID}
            aria-labelledby="site-menu-title"
            // A click outside closes it too; the rule's list predates the attribute, which React passes through.
            // eslint-disable-next-line react/no-unknown-property
            closedby="any"
            data-locks-scroll
            className="fixed inset-y-0 start-0 end-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] overflow-y-auto border-0 bg-white p-4 shadow-xl backdrop:bg-slate-900/50 motion-safe:transition-transform motion-safe:duration-200 starting:open:ltr:-translate-x-full starting:open:rtl:translate-x-full"
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <h2 id="site-menu-title" className="text-lg font-semibold">
                {t("brand")}
              </h2>
              <DialogCloseButton />
            </div>
            <nav aria-label={t("site.navigation")}>
              <ul className="space-y-1">
                {ANCHORS.map(({ href, key }) => (
                  <li key={key}>
                    <a
                      href={href}
                      data-closes-dialog
                      className="block rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100"
                    >
                      {t(`site.nav.${key}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <AdminLoginLink
              login={login}
              className="mt-4 block rounded-lg border border-brand-600 px-3 py-2 text-center font-medium text-brand-700"
            />
          </dialog>
          {login.dialog}
        </div>
      </div>
    </header>
  );
}
