import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/ai-training";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { listClientsForPicker } from "~/models/client.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { ChatPreview } from "~/training/components/chat-preview.tsx";
import { ClientPicker } from "~/training/components/client-picker.tsx";
import { TrainingForm } from "~/training/components/training-form.tsx";
import { handleTrainingAction } from "~/training/training-page.server.ts";

const selectedClientSchema = z.coerce.number().int().positive().max(2_147_483_647).nullable().catch(null);

export const handle = { i18n: ["client-config"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const clients = await listClientsForPicker(db);
  const requested = selectedClientSchema.parse(url.searchParams.get("clientId"));
  const selected = clients.find((client) => client.id === requested) ?? null;
  const training = selected ? await findTrainingConfig(db, selected.id) : undefined;
  return {
    title: getTranslator(context)("training.title", { ns: "client-config" }),
    clients,
    selectedId: selected?.id ?? null,
    training: training
      ? {
          businessType: training.businessType,
          greeting: training.greeting,
          tone: training.tone,
          businessInfo: training.businessInfo,
          faq: Object.keys(training.knowledgeBase).length > 0 ? JSON.stringify(training.knowledgeBase, null, 2) : "",
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  return handleTrainingAction(await request.formData(), {
    db: context.get(databaseContext),
    env: context.get(envContext),
    language: context.get(languageContext),
    t: (key, values) => t(key, { ns: "client-config", ...values }),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "AI Training"} | Alex` }];

export default function AiTraining({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("client-config");
  const navigation = useNavigation();
  const { clients, selectedId, training } = loaderData;
  return (
    <FormMessages ns="client-config">
      <div className="space-y-6">
        <PageHeader title={t("training.title")} description={t("training.subtitle")} />
        <ClientPicker clients={clients} selectedId={selectedId} />
        <div className="grid gap-6 xl:grid-cols-[3fr_2fr]">
          <TrainingForm
            key={selectedId ?? "none"}
            clientId={selectedId}
            training={training}
            lastResult={actionData?.intent === "save" ? actionData.result : undefined}
            saving={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}
          />
          <ChatPreview clientId={selectedId} />
        </div>
      </div>
    </FormMessages>
  );
}
