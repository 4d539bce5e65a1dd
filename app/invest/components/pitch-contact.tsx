import { CalendarDays, ExternalLink, FileText, Mail, MessageCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { NewTabLink, Section } from "./pitch-section.tsx";

function ChatButton({ href }: { href: string }) {
  const { t } = useTranslation("invest");
  return (
    <Button asChild size="lg" className="h-full min-h-12 w-full justify-start sm:w-auto">
      <NewTabLink href={href}>
        <MessageCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
        {t("hero.ctaChat")}
      </NewTabLink>
    </Button>
  );
}

export function DueDiligence() {
  const { t } = useTranslation("invest");
  const materials = ["financialModel", "capTable", "product", "metrics", "legal"] as const;
  const email = t("contact.email");
  return (
    <Section id="due-diligence" title={t("diligence.title")} intro={t("diligence.intro")} tone="muted">
      <ul className="grid gap-3 md:grid-cols-2">
        {materials.map((material) => (
          <li key={material} className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
            <FileText className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="text-slate-800">{t(`diligence.${material}`)}</span>
          </li>
        ))}
      </ul>
      <Button asChild variant="secondary" className="mt-6">
        <a
          href={`mailto:${email}?${new URLSearchParams({ subject: t("diligence.requestSubject") }).toString().replace(/\+/g, "%20")}`}
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
          {t("diligence.request")}
        </a>
      </Button>
    </Section>
  );
}

export function ExternalDemos() {
  const { t } = useTranslation("invest");
  const demos = ["party", "realEstate", "restaurant", "retail"] as const;
  return (
    <Section id="demos" title={t("demos.title")} intro={t("demos.intro")}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {demos.map((demo) => (
          <li key={demo}>
            <Card className="h-full">
              <h3 className="font-semibold">
                <NewTabLink
                  external
                  href={t(`demos.${demo}Url`)}
                  className="inline-flex items-center gap-2 text-brand-700 hover:underline"
                >
                  {t(`demos.${demo}Name`)}
                  <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
                </NewTabLink>
              </h3>
              <p className="mt-2 text-sm text-slate-700">{t(`demos.${demo}Text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ContactLinks({ chatUrl }: { chatUrl: string | null }) {
  const { t } = useTranslation("invest");
  const email = t("contact.email");
  const meeting = `mailto:${email}?${new URLSearchParams({ subject: t("contact.meetingSubject") }).toString().replace(/\+/g, "%20")}`;
  return (
    <Section id="contact" title={t("contact.title")} intro={t("contact.intro")}>
      <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-stretch">
        <li>
          <Button asChild size="lg" variant="secondary" className="h-auto min-h-12 w-full justify-start py-2 sm:w-auto">
            <a href={`mailto:${email}`}>
              <Mail className="h-5 w-5 shrink-0" aria-hidden="true" />
              <span className="flex flex-col items-start">
                <span>{t("contact.emailLabel")}</span>
                <bdi className="text-sm whitespace-nowrap text-slate-600">{email}</bdi>
              </span>
            </a>
          </Button>
        </li>
        <li>
          <Button asChild size="lg" variant="secondary" className="h-full min-h-12 w-full justify-start sm:w-auto">
            <a href={meeting}>
              <CalendarDays className="h-5 w-5 shrink-0" aria-hidden="true" />
              {t("contact.meeting")}
            </a>
          </Button>
        </li>
        {chatUrl ? (
          <li>
            <ChatButton href={chatUrl} />
          </li>
        ) : null}
      </ul>
    </Section>
  );
}
