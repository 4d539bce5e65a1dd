import clsx from "clsx";
import type { ComponentProps, ReactNode } from "react";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return (
    <section className={clsx("rounded-xl border border-slate-200 bg-white p-5 shadow-sm", className)} {...props} />
  );
}

type TitledCardProps = {
  id: string;
  title: ReactNode;
  /** A line under the heading saying what the card is for. */
  description?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** A card named by its own heading (the section's accessible name), with an optional line under it. */
export function TitledCard({ id, title, description, className, children }: TitledCardProps) {
  return (
    <Card aria-labelledby={id} className={className}>
      <div className="mb-4 space-y-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </Card>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={clsx("animate-skeleton rounded-md bg-slate-200", className)} />;
}

export function Avatar({ initial, className }: { initial: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        "inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700",
        className,
      )}
    >
      {initial}
    </span>
  );
}
