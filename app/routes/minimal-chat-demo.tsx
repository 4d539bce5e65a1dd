import type { Route } from "./+types/minimal-chat-demo";
import { ChatDemo } from "~/demo/components/chat-demo.tsx";
import { databaseContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { findDemoClient } from "~/models/demo-client.server.ts";
import { legalPathOf } from "~/legal/legal-pages.ts";
import { chatGreeting } from "~/widget/chat-ui.server.ts";

export const handle = { i18n: ["demo"] };

export async function loader({ context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const demoClient = await findDemoClient(db);
  const active = demoClient?.status === "active" ? demoClient : null;
  return {
    // The demo talks to Alex as the public demo's client (never billed); without an active one it says Alex is unreachable.
    license: active?.licenseKey ?? null,
    // It opens as the widget does: the client's greeting in the page's language, once.
    greeting: active ? await chatGreeting(db, active.id, context.get(languageContext)) : null,
    // Before Alex keeps a visitor's details it asks their consent, with the policy it keeps them under. The
    // visitor talks to the product itself: the demo client's name is the operators' label, never shown.
    consent: active?.askConsent
      ? { business: t("brand", { ns: "common" }), policyUrl: active.privacyPolicyUrl ?? legalPathOf("privacy") }
      : null,
    title: t("chat.title", { ns: "demo" }),
    description: t("chat.description", { ns: "demo" }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Chat demo"} | Alex` },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function MinimalChatDemo({ loaderData }: Route.ComponentProps) {
  return <ChatDemo license={loaderData.license} greeting={loaderData.greeting} consent={loaderData.consent} />;
}
