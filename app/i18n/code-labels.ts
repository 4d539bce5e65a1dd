import { useTranslation } from "react-i18next";

type CodeKind = "businessTypes" | "tones" | "salesStages";

/**
 * Stored codes shown as words in the page's language: a business type ("party planning platform"),
 * a tone ("friendly_professional"), a sales-flow stage ("need identification"). A value the
 * vocabulary does not know (a business type an operator typed, a stage sent through the API) is
 * shown as written. Only plain words are looked up: a "." or ":" in free text would otherwise be
 * read by i18next as a key path or a namespace.
 */
export function useCodeLabels() {
  const { t } = useTranslation("common");
  const label = (kind: CodeKind) => (value: string) =>
    /^[a-z_ ]+$/.test(value) ? t(`codes.${kind}.${value}`, { ns: "common", defaultValue: value }) : value;
  return { businessType: label("businessTypes"), tone: label("tones"), salesStage: label("salesStages") };
}
