import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Alert } from "~/components/ui/alert.tsx";

/** The part of PayPal's JavaScript SDK the pay page uses. */
type PayPalButtonsOptions = {
  createOrder: () => Promise<string>;
  onApprove: (data: { orderID: string }, actions?: { restart?: () => void }) => Promise<void>;
  onError: (error: unknown) => void;
};
type PayPalNamespace = {
  Buttons: (options: PayPalButtonsOptions) => { render: (container: HTMLElement) => Promise<void> };
};
declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

type PayButtonsProps = { sdkUrl: string; clientId: string; currency: string; token: string; amount: string };

type Phase = { kind: "loading" } | { kind: "ready" } | { kind: "paid" } | { kind: "failed"; message: string };

async function postJson(path: string, body?: unknown) {
  const response = await fetch(path, {
    method: "POST",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as { id?: string; error?: string; issue?: string };
  return { ok: response.ok, payload };
}

/**
 * PayPal's buttons: the SDK is loaded from PayPal (or the tests' stand-in), the order is opened and
 * captured by our server, which takes the amount from the bill. Needs JavaScript, as PayPal does.
 */
export function PayButtons({ sdkUrl, clientId, currency, token, amount }: PayButtonsProps) {
  const { t } = useTranslation("payments");
  const container = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const revalidator = useRevalidator();

  useEffect(() => {
    let cancelled = false;
    const script = document.createElement("script");
    script.src = `${sdkUrl}?${new URLSearchParams({ "client-id": clientId, currency, intent: "capture" })}`;
    script.async = true;
    script.onerror = () => setPhase({ kind: "failed", message: t("errors.sdkFailed") });
    script.onload = () => {
      if (cancelled || !window.paypal || !container.current) return;
      void window.paypal
        .Buttons({
          createOrder: async () => {
            const { ok, payload } = await postJson("/api/paypal/order", { token, amount, currency, intent: "CAPTURE" });
            if (!ok || !payload.id) throw new Error(payload.error ?? t("errors.paypalFailed"));
            return payload.id;
          },
          onApprove: async ({ orderID }, actions) => {
            const { ok, payload } = await postJson(`/api/paypal/order/${encodeURIComponent(orderID)}/capture`);
            if (ok) {
              setPhase({ kind: "paid" });
              void revalidator.revalidate();
              return;
            }
            // PayPal's advice for a declined card: let the payer choose another way to pay.
            if (payload.issue === "INSTRUMENT_DECLINED" && actions?.restart) actions.restart();
            setPhase({ kind: "failed", message: payload.error ?? t("errors.paypalFailed") });
          },
          onError: (error) =>
            setPhase({ kind: "failed", message: error instanceof Error ? error.message : t("errors.paypalFailed") }),
        })
        .render(container.current)
        .then(() => !cancelled && setPhase((current) => (current.kind === "loading" ? { kind: "ready" } : current)));
    };
    document.body.append(script);
    return () => {
      cancelled = true;
      script.remove();
    };
    // The SDK loads once per bill.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sdkUrl, clientId, currency, token]);

  return (
    <div className="space-y-3">
      <div role="status" aria-live="polite">
        {phase.kind === "loading" ? <p className="text-sm text-slate-600">{t("pay.loadingButtons")}</p> : null}
        {phase.kind === "paid" ? <Alert tone="success">{t("pay.thanks")}</Alert> : null}
      </div>
      <div role="alert">
        {phase.kind === "failed" ? (
          <Alert tone="error" announce={false}>
            {phase.message}
          </Alert>
        ) : null}
      </div>
      <div ref={container} hidden={phase.kind === "paid"} />
    </div>
  );
}
