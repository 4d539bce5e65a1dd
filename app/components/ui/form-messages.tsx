import { createContext, useContext, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

type FormMessagesSettings = { ns: string; values?: Record<string, unknown> };

const FormMessagesContext = createContext<FormMessagesSettings>({ ns: "common" });

type FormMessagesProps = FormMessagesSettings & { children: ReactNode };

/**
 * Our zod schemas speak in translation keys ("contact.errors.phoneRequired"). Wrap a form in this
 * once, naming the namespace its keys live in (and any interpolation values, such as limits), and
 * every kit field and error list inside shows its messages in the page's language. Keys missing
 * there are looked up in `common`, so messages shared by many forms can live in one place.
 */
export function FormMessages({ ns, values, children }: FormMessagesProps) {
  const settings = useMemo(() => ({ ns, values }), [ns, values]);
  return <FormMessagesContext.Provider value={settings}>{children}</FormMessagesContext.Provider>;
}

/**
 * Turns a message into text: a translation key becomes its text, anything else (a message the
 * server already translated, say) is shown as it is.
 */
export function useFormMessage(): (message: string) => string {
  const { ns, values } = useContext(FormMessagesContext);
  const namespaces = ns === "common" ? ["common"] : [ns, "common"];
  const { t, i18n } = useTranslation(namespaces);
  // useTranslation's `t` looks in the first namespace only; naming both makes `common` the fallback.
  return (message) => (i18n.exists(message, { ns: namespaces }) ? t(message, { ...values, ns: namespaces }) : message);
}
