import clsx from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { formatNumber } from "~/lib/format.ts";

/** The search parameter of the page number, 1 for the first page (which leaves it out). */
export const PAGE_PARAM = "page";

const WINDOW = 5;

/** Up to five page numbers around the current one, always five when there are that many pages. */
export function pageWindow(page: number, pageCount: number): number[] {
  const size = Math.min(WINDOW, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(WINDOW / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

type PaginationProps = {
  /** The page shown, from 1 (the loader clamps what the URL asks for). */
  page: number;
  pageCount: number;
  className?: string;
};

/**
 * Previous, Next and up to five numbered pages, as links that keep the URL's other search
 * parameters (filters, tab), so it works without JavaScript. Nothing when everything fits on one page.
 */
export function Pagination({ page, pageCount, className }: PaginationProps) {
  const { t, i18n } = useTranslation();
  const { search } = useLocation();
  if (pageCount <= 1) return null;
  const hrefOf = (target: number) => {
    const params = new URLSearchParams(search);
    if (target === 1) params.delete(PAGE_PARAM);
    else params.set(PAGE_PARAM, String(target));
    return `?${params}`;
  };

  return (
    <nav aria-label={t("pagination.label")} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1 text-sm">
        <li>
          <Step href={page > 1 ? hrefOf(page - 1) : null}>
            <ChevronLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
            {t("pagination.previous")}
          </Step>
        </li>
        {pageWindow(page, pageCount).map((number) => (
          // A phone has room for the current page only, between Previous and Next.
          <li key={number} className={number === page ? undefined : "hidden sm:block"}>
            <Link
              to={hrefOf(number)}
              aria-label={t("pagination.page", { page: formatNumber(number, i18n.language) })}
              aria-current={number === page ? "page" : undefined}
              className={clsx(
                "inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 font-medium tabular-nums",
                number === page ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {formatNumber(number, i18n.language)}
            </Link>
          </li>
        ))}
        <li>
          <Step href={page < pageCount ? hrefOf(page + 1) : null}>
            {t("pagination.next")}
            <ChevronRight className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          </Step>
        </li>
      </ul>
    </nav>
  );
}

/** Previous or Next: a link, or greyed-out text at either end. */
function Step({ href, children }: { href: string | null; children: ReactNode }) {
  const className = "inline-flex h-9 items-center gap-1 rounded-lg px-3 font-medium";
  if (!href) {
    return (
      <span aria-disabled="true" className={clsx(className, "text-slate-500")}>
        {children}
      </span>
    );
  }
  return (
    <Link to={href} className={clsx(className, "text-slate-700 hover:bg-slate-100")}>
      {children}
    </Link>
  );
}
