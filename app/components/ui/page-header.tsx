import clsx from "clsx";
import type { ReactNode } from "react";

type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links for the whole page, at the inline end (the left in Hebrew); they wrap under the title on a phone. */
  actions?: ReactNode;
  className?: string;
};

/** The top of an admin screen: its one <h1>, a line about it, and its actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    <div className={clsx("flex flex-wrap items-start justify-between gap-3", className)}>
      <div className="min-w-0">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
