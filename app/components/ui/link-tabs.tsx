import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { Badge } from "./badge.tsx";
import { PAGE_PARAM } from "./pagination.tsx";

export type LinkTab = {
  value: string;
  label: ReactNode;
  /** A figure in a badge after the label (formatted for the page's language). */
  count?: ReactNode;
};

type LinkTabsProps = {
  /** What the tabs choose between, for screen readers ("Lead lists"). */
  label: string;
  tabs: readonly LinkTab[];
  /** The value of the tab being shown; the loader reads it from the same parameter. */
  current: string;
  /** The search parameter that carries the tab. */
  param?: string;
  className?: string;
};

/**
 * Tabs that are links (`?tab=contacts`): each tab has its own URL, the loader renders only the
 * current one, and they work without JavaScript. The other search parameters (filters) are kept;
 * the page number is dropped, since another list starts at its first page.
 */
export function LinkTabs({ label, tabs, current, param = "tab", className }: LinkTabsProps) {
  const { search } = useLocation();
  const hrefOf = (value: string) => {
    const params = new URLSearchParams(search);
    params.set(param, value);
    params.delete(PAGE_PARAM);
    return `?${params}`;
  };
  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap gap-x-2 border-b border-slate-200">
        {tabs.map((tab) => {
          const selected = tab.value === current;
          return (
            <li key={tab.value}>
              <Link to={hrefOf(tab.value)} aria-current={selected ? "page" : undefined} className="link-tab">
                {tab.label}
                {tab.count !== undefined ? <Badge>{tab.count}</Badge> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
