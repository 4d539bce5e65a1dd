import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useLoginDialogSlot } from "~/auth/components/login-dialog.tsx";
import { SiteHeader } from "~/components/site-header.tsx";
import { formatCents } from "~/lib/format.ts";
import { PRICING } from "~/lib/pricing.ts";
import type { LandingPageData } from "~/landing/landing-page.server.ts";
import { ContactSection } from "./contact-section.tsx";
import { CostCalculator } from "./cost-calculator.tsx";
import { Features } from "./features.tsx";
import { Hero } from "./hero.tsx";
import { PricingCard } from "./pricing-card.tsx";
import { ReadyToStart } from "./ready-to-start.tsx";
import { SectionHeading } from "./section-heading.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { Testimonials } from "./testimonials.tsx";
import { TrustedBy } from "./trusted-by.tsx";

type LandingPageProps = {
  data: LandingPageData;
  contactResult?: SubmissionResult<string[]>;
  newsletterResult?: SubmissionResult<string[]>;
};

/** The public landing page, its sections top to bottom. */
export function LandingPage({ data, contactResult, newsletterResult }: LandingPageProps) {
  const { t, i18n } = useTranslation("landing");
  return (
    <>
      <SiteHeader login={useLoginDialogSlot()} />
      <main>
        <Hero />
        <TrustedBy />
        <Features />
        <ReadyToStart />
        <Testimonials />
        <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 bg-slate-100/70 py-20 sm:py-24">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <SectionHeading
              id="pricing-title"
              eyebrow={t("pricing.eyebrow")}
              title={t("pricing.title")}
              subtitle={t("pricing.subtitle", {
                price: formatCents(PRICING.perConversationCents, i18n.language, PRICING.currency),
              })}
            />
            <div className="mt-14 grid items-start gap-8 lg:grid-cols-[2fr_3fr]">
              <PricingCard />
              <CostCalculator served={data.calculator} />
            </div>
          </div>
        </section>
        <ContactSection lastResult={contactResult} sent={data.confirmation.contact === "sent"} />
      </main>
      <SiteFooter newsletterResult={newsletterResult} newsletterOutcome={data.confirmation.newsletter} />
    </>
  );
}
