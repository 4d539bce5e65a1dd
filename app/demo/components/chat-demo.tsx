import { ArrowLeft, Bot, Settings } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BRANDING_KEY, brandingSchema, DEFAULT_BRANDING } from "~/demo/branding.ts";
import { useStoredValue } from "~/demo/stored-value.ts";
import { useChatSession } from "~/demo/use-chat-session.ts";
import { LanguageSelect } from "~/components/language-select.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { BrandingSettings } from "./branding-settings.tsx";
import { Composer, ConsentBox } from "./chat-composer.tsx";
import { ConversationLog } from "./conversation-log.tsx";
import { RecentSearches } from "./recent-searches-list.tsx";

/**
 * The minimal chat landing demo: the visitor talks to Alex through the provider's own demo client.
 * `license` (and `greeting`) are null when there is no active demo client; the page then says Alex is not reachable.
 */
export function ChatDemo({
  license,
  greeting,
  consent,
}: {
  license: string | null;
  greeting: string | null;
  /** Set when the demo client asks consent before keeping a visitor's details. */
  consent: { business: string; policyUrl: string } | null;
}) {
  const { t } = useTranslation("demo");
  const [branding, storeBranding] = useStoredValue(BRANDING_KEY, brandingSchema, DEFAULT_BRANDING);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const chat = useChatSession(license);

  const brandName = branding.brandName.trim() || t("chat.defaultBrand");
  const subtitle = branding.subtitle.trim() || t("chat.defaultSubtitle");
  const ids = useId();

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="mx-auto flex max-w-2xl flex-wrap items-center gap-2 px-4 py-3">
        <Link
          to="/"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          {t("backHome")}
        </Link>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSelect />
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={settingsOpen}
            aria-controls={`${ids}-settings`}
            onClick={() => setSettingsOpen((open) => !open)}
          >
            <Settings className="h-4 w-4" aria-hidden="true" />
            {t("chat.settings.toggle")}
          </Button>
        </div>
      </header>

      <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 pt-4 pb-12">
        <section className="text-center">
          <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-md">
            <Bot className="h-9 w-9" aria-hidden="true" />
          </span>
          <h1 dir="auto" className="mt-4 text-3xl font-bold break-words text-slate-900 sm:text-4xl">
            {brandName}
          </h1>
          <p dir="auto" className="mt-2 text-lg break-words text-slate-600">
            {subtitle}
          </p>
        </section>

        <div id={`${ids}-settings`} hidden={!settingsOpen}>
          {settingsOpen ? <BrandingSettings branding={branding} store={storeBranding} /> : null}
        </div>

        <noscript>
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
            {t("chat.needsJavaScript")}
          </p>
        </noscript>

        <section
          aria-labelledby={`${ids}-conversation`}
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id={`${ids}-conversation`} className="sr-only">
            {t("chat.conversation")}
          </h2>
          <ConversationLog greeting={greeting} turns={chat.turns} sending={chat.sending} retry={chat.retry} />
          {/* The alert region stays in the page, so a problem that appears in it is announced. */}
          <div role="alert">
            {chat.problem ? (
              <Alert tone="error" announce={false} className="mt-3">
                {t(`chat.problems.${chat.problem}`)}
              </Alert>
            ) : null}
          </div>
          <Composer
            draft={chat.draft}
            setDraft={chat.setDraft}
            sending={chat.sending}
            send={chat.send}
            textarea={chat.composer}
            scrollKey={chat.turns.length}
          />
          {consent ? (
            <ConsentBox
              consent={consent}
              consented={chat.consented}
              kept={chat.consentKept}
              setConsented={chat.setConsented}
            />
          ) : null}
        </section>

        <RecentSearches searches={chat.recentSearches} reuse={chat.reuse} clear={chat.clearRecentSearches} />
      </main>
    </div>
  );
}
