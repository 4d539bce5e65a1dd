import { Menu } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSelect } from "~/components/language-select.tsx";
import { LoginModal } from "~/components/login-modal.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";

const ANCHORS = [
  { href: "/#features", key: "features" },
  { href: "/#pricing", key: "pricing" },
  { href: "/#contact", key: "contact" },
] as const;

function AdminLoginLink({ open, className }: { open: () => void; className: string }) {
  const { t } = useTranslation();
  return (
    <a
      href="/login"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        open();
      }}
    >
      {t("login.open")}
    </a>
  );
}

/** The public site's sticky header: anchors, language, Admin Login, and a slide-in menu on phones. */
export function SiteHeader() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="text-2xl font-bold text-brand-700">
          {t("brand")}
        </Link>
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
            open={() => setLoginOpen(true)}
            className="hidden rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50 md:inline-flex"
          />
          <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
            <DialogTrigger className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden" aria-label={t("site.openMenu")}>
              <Menu className="h-6 w-6" aria-hidden="true" />
            </DialogTrigger>
            <DialogContent title={t("brand")} placement="side">
              <nav aria-label={t("site.navigation")}>
                <ul className="space-y-1">
                  {ANCHORS.map(({ href, key }) => (
                    <li key={key}>
                      <a
                        href={href}
                        onClick={() => setMenuOpen(false)}
                        className="block rounded-lg px-3 py-2 font-medium text-slate-700 hover:bg-slate-100"
                      >
                        {t(`site.nav.${key}`)}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
              <AdminLoginLink
                open={() => {
                  setMenuOpen(false);
                  setLoginOpen(true);
                }}
                className="mt-4 block rounded-lg border border-brand-600 px-3 py-2 text-center font-medium text-brand-700"
              />
            </DialogContent>
          </Dialog>
          <LoginModal open={loginOpen} onOpenChange={setLoginOpen} />
        </div>
      </div>
    </header>
  );
}
