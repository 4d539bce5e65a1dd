import type { ReactNode } from "react";
import { LanguageSelect } from "~/components/language-select.tsx";
import { Card } from "~/components/ui/card.tsx";

/** The frame of the pages reached without signing in: sign-in, its second step, forgot and reset. */
export function AccountPublicPage({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="flex w-full max-w-sm items-center justify-between">
        <p className="text-2xl font-bold text-brand-700">Alex</p>
        <LanguageSelect />
      </div>
      <Card className="w-full max-w-sm">
        <h1 className="mb-1 text-xl font-semibold">{title}</h1>
        {intro ? <p className="mb-5 text-sm text-slate-600">{intro}</p> : null}
        {children}
      </Card>
    </main>
  );
}
