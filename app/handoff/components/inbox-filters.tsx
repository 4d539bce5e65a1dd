import { Filter } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { CHANNELS, CONVERSATION_STATES } from "#db/vocabulary.ts";
import { useChannelLabel } from "~/components/channel-icon.tsx";
import { Button } from "~/components/ui/button.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";
import type { InboxData } from "../inbox.server.ts";

/**
 * The inbox's filters as a GET form (the URL holds them, so it works without JavaScript): state,
 * channel, client (the back-office's only) and person. With JavaScript a change applies at once.
 */
export function InboxFilters({
  filters,
  clients,
  people,
}: Pick<InboxData, "filters" | "people"> & { clients?: InboxData["clients"] }) {
  const { t } = useTranslation("inbox");
  const channelLabel = useChannelLabel();
  const submit = useSubmit();
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form);
  const all = { value: "", label: t("filters.all") };
  return (
    <Form
      method="get"
      key={Object.values(filters).join("|")}
      aria-label={t("filters.title")}
      className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 xl:flex xl:flex-wrap xl:items-end"
    >
      <SelectField
        label={t("filters.state")}
        name="state"
        defaultValue={filters.state}
        onChange={applyNow}
        options={[all, ...CONVERSATION_STATES.map((value) => ({ value, label: t(`states.${value}`) }))]}
      />
      <SelectField
        label={t("channels.label", { ns: "common" })}
        name="channel"
        defaultValue={filters.channel}
        onChange={applyNow}
        options={[all, ...CHANNELS.map((value) => ({ value, label: channelLabel(value) }))]}
      />
      {clients && clients.length > 0 ? (
        <SelectField
          label={t("filters.client")}
          name="clientId"
          defaultValue={String(filters.clientId)}
          onChange={applyNow}
          options={[all, ...clients.map((client) => ({ value: String(client.id), label: client.name }))]}
        />
      ) : null}
      <SelectField
        label={t("filters.person")}
        name="person"
        defaultValue={String(filters.person)}
        onChange={applyNow}
        options={[
          all,
          { value: "me", label: t("filters.me") },
          ...people.map((person) => ({ value: String(person.id), label: person.name })),
        ]}
      />
      <Button type="submit" variant="secondary">
        <Filter className="h-4 w-4" aria-hidden="true" />
        {t("filters.apply")}
      </Button>
    </Form>
  );
}
