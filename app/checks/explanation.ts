/**
 * What a check found, kept as a translation key and its values rather than as text, so a stored
 * result is shown in the language of whoever reads it, not of whoever ran it. `raw` is the error as
 * the other side gave it (an OpenSSL line, "401: the server's message"), shown as it is.
 */
export type ExplanationNamespace = "checks" | "clients" | "deliveries" | "channels";
/** A value to interpolate: as it is, or itself a key to translate (a status, a check's name). */
export type ExplanationValue = string | number | { key: string };
export type Explanation = {
  key: string;
  ns?: ExplanationNamespace;
  values?: Record<string, ExplanationValue>;
  raw?: string;
};

/** What a stored check result carries besides its text: why it failed, and a note on how it got there. */
export type StoredExplanation = { error?: Explanation; notice?: Explanation };

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export function explain(key: string, values?: Record<string, ExplanationValue>, raw?: string): Explanation {
  return { key, ...(values ? { values } : {}), ...(raw ? { raw } : {}) };
}

/** The explanation in the reader's language (`t` of any namespace: each key names its own). */
export function explanationText(t: Translate, explanation: Explanation): string {
  const ns = explanation.ns ?? "checks";
  const values = Object.fromEntries(
    Object.entries(explanation.values ?? {}).map(([name, value]) => [
      name,
      typeof value === "object" ? t(value.key, { ns }) : value,
    ]),
  );
  return t(explanation.key, { ...values, ns });
}

function isValue(value: unknown): value is ExplanationValue {
  if (typeof value === "string" || typeof value === "number") return true;
  return Boolean(value) && typeof value === "object" && typeof (value as { key?: unknown }).key === "string";
}

/** A stored explanation, or undefined for a row written before explanations were kept (it has only its text). */
export function readExplanation(value: unknown): Explanation | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { key, ns, values, raw } = value as Record<string, unknown>;
  if (typeof key !== "string") return undefined;
  if (ns !== undefined && ns !== "checks" && ns !== "clients" && ns !== "deliveries" && ns !== "channels")
    return undefined;
  if (values !== undefined && (!values || typeof values !== "object" || !Object.values(values).every(isValue)))
    return undefined;
  return {
    key,
    ...(ns ? { ns } : {}),
    ...(values ? { values: values as Record<string, ExplanationValue> } : {}),
    ...(typeof raw === "string" && raw ? { raw } : {}),
  };
}

export function readStoredExplanation(value: unknown): StoredExplanation {
  if (!value || typeof value !== "object") return {};
  const { error, notice } = value as Record<string, unknown>;
  const read = { error: readExplanation(error), notice: readExplanation(notice) };
  return { ...(read.error ? { error: read.error } : {}), ...(read.notice ? { notice: read.notice } : {}) };
}
