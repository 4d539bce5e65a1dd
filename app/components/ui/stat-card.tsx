import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "./card.tsx";

type StatCardProps = {
  title: ReactNode;
  icon: LucideIcon;
  /** Already formatted for the page's language (lib/format.ts). */
  value: ReactNode;
  /** A line under the figure: the change since last month, say. */
  caption?: ReactNode;
  /** The title's heading level: 2 on a page of cards, 3 inside a section with its own heading. */
  level?: 2 | 3;
};

/** One figure with its name and icon, as on the dashboard. */
export function StatCard({ title, icon: Icon, value, caption, level = 2 }: StatCardProps) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <Card className="h-full">
      <div className="flex items-center justify-between gap-2">
        <Heading className="text-sm font-medium text-slate-600">{title}</Heading>
        <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
      </div>
      {/* The figure keeps its left-to-right order in Hebrew, and lines up with the title on the right. */}
      <p className="mt-2 text-3xl font-bold rtl:text-end" dir="ltr">
        <bdi>{value}</bdi>
      </p>
      {caption ? <div className="mt-1 text-sm">{caption}</div> : null}
    </Card>
  );
}
