import { useId } from "react";
import { useTranslation } from "react-i18next";
import { BRAND_NAME_MAX_LENGTH, SUBTITLE_MAX_LENGTH, type Branding } from "~/demo/branding.ts";
import { Button } from "~/components/ui/button.tsx";
import { TextField } from "~/components/ui/form-fields.tsx";

export function BrandingSettings({ branding, store }: { branding: Branding; store: (next: Branding | null) => void }) {
  const { t } = useTranslation("demo");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        {t("chat.settings.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("chat.settings.hint")}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("chat.settings.brandName")}
          value={branding.brandName}
          placeholder={t("chat.defaultBrand")}
          maxLength={BRAND_NAME_MAX_LENGTH}
          onChange={(event) => store({ ...branding, brandName: event.currentTarget.value })}
        />
        <TextField
          label={t("chat.settings.subtitle")}
          value={branding.subtitle}
          placeholder={t("chat.defaultSubtitle")}
          maxLength={SUBTITLE_MAX_LENGTH}
          onChange={(event) => store({ ...branding, subtitle: event.currentTarget.value })}
        />
      </div>
      <Button variant="secondary" size="sm" className="mt-4" onClick={() => store(null)}>
        {t("chat.settings.reset")}
      </Button>
    </section>
  );
}
