import clsx from "clsx";
import type { ReactNode } from "react";

type SectionHeadingProps = {
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  tone?: "light" | "dark";
  className?: string;
};

/** A section's eyebrow, h2 and lead line, centred; `id` names the section for aria-labelledby. */
export function SectionHeading({ id, eyebrow, title, subtitle, tone = "light", className }: SectionHeadingProps) {
  return (
    <div className={clsx("mx-auto max-w-2xl text-center", className)}>
      {eyebrow ? (
        <p className={clsx("text-sm font-semibold", tone === "light" ? "text-brand-700" : "text-brand-200")}>
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        className={clsx(
          "mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl",
          tone === "light" ? "text-slate-900" : "text-white",
        )}
      >
        {title}
      </h2>
      {subtitle ? (
        <p className={clsx("mt-4 text-lg text-pretty", tone === "light" ? "text-slate-600" : "text-slate-300")}>
          {subtitle}
        </p>
      ) : null}
    </div>
  );
}
