import { History } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";

export function RecentSearches({
  searches,
  reuse,
  clear,
}: {
  searches: string[];
  reuse: (text: string) => void;
  clear: () => void;
}) {
  const { t } = useTranslation("demo");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("chat.recent.title")}
        </h2>
        {searches.length > 0 ? (
          <Button variant="ghost" size="sm" className="ms-auto" onClick={clear}>
            {t("chat.recent.clear")}
          </Button>
        ) : null}
      </div>
      {searches.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("chat.recent.empty")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {searches.map((text) => (
            <li key={text}>
              <button
                type="button"
                onClick={() => reuse(text)}
                className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-start text-slate-800 hover:bg-slate-100"
              >
                <History className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
                <span dir="auto" className="min-w-0 truncate">
                  {text}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
