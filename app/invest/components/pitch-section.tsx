import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card.tsx";

/** Opens in a new tab, and says so to screen-reader users. */
export function NewTabLink({
  href,
  children,
  className,
  external,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  external?: boolean;
}) {
  const { t } = useTranslation("invest");
  return (
    <a
      href={href}
      target="_blank"
      rel={external ? "noopener noreferrer external" : "noopener noreferrer"}
      className={className}
    >
      {children}
      <span className="sr-only"> {t("newTab")}</span>
    </a>
  );
}

export function Section({
  id,
  title,
  intro,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: "plain" | "muted";
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={tone === "muted" ? "bg-slate-100 px-4 py-16" : "bg-white px-4 py-16"}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-600">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function IconCard({ icon: Icon, title, children }: { icon: LucideIcon; title?: string; children: ReactNode }) {
  return (
    <Card className="h-full">
      <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
      {title ? <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3> : null}
      <div className="mt-2 text-slate-700">{children}</div>
    </Card>
  );
}
