import type { Route } from "./+types/minimal-chat-demo";
import { ChatDemo } from "~/demo/components/chat-demo.tsx";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findDemoClient } from "~/models/demo-client.server.ts";

export const handle = { i18n: ["demo"] };

export async function loader({ context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const demoClient = await findDemoClient(context.get(databaseContext));
  return {
    // The demo talks to Alex as the public demo's client (never billed); without an active one it says Alex is unreachable.
    license: demoClient?.status === "active" ? demoClient.licenseKey : null,
    title: t("chat.title", { ns: "demo" }),
    description: t("chat.description", { ns: "demo" }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Chat demo"} | Alex` },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function MinimalChatDemo({ loaderData }: Route.ComponentProps) {
  return <ChatDemo license={loaderData.license} />;
}
