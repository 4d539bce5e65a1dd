import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { CHANNELS, type Channel } from "#db/vocabulary.ts";
import { useChannelLabel } from "~/components/channel-icon.tsx";
import { Button } from "~/components/ui/button.tsx";
import { SelectField, TextField } from "~/components/ui/form-fields.tsx";
import {
  MAX_SEARCH_LENGTH,
  RATING_FILTERS,
  SESSION_PERIODS,
  type RatingFilter,
  type SessionPeriod,
} from "../session-query.ts";

type FilterClient = { id: number; businessName: string };

/**
 * The monitor's filters as a GET form: the URL holds them, so a view can be shared and the form
 * works without JavaScript. It never sends a page, so any change goes back to page 1; with
 * JavaScript a new client, channel or period applies at once. Without `clients` (a business's own
 * list in its portal) there is no client to pick, and the search's placeholder says what it matches there.
 */
export function SessionFilters({
  clients,
  clientId,
  channel,
  period,
  rating,
  search,
  searchProblem,
  searchPlaceholder,
}: {
  clients?: readonly FilterClient[];
  clientId?: number | undefined;
  channel: Channel | undefined;
  period: SessionPeriod;
  rating?: RatingFilter | undefined;
  search: string | undefined;
  /** The search typed was not run (too long) or was stopped (too slow): said under the field. */
  searchProblem?: "tooLong" | "tooSlow" | undefined;
  searchPlaceholder?: string;
}) {
  const { t } = useTranslation("sessions");
  const channelLabel = useChannelLabel();
  const submit = useSubmit();
  const applyNow = (event: React.ChangeEvent<HTMLSelectElement>) => submit(event.currentTarget.form);

  return (
    <Form
      method="get"
      // A new URL (Back, a shared link) brings its own values into the fields.
      key={`${clientId ?? ""}|${channel ?? ""}|${period}|${rating ?? ""}|${search ?? ""}`}
      aria-label={t("filters.title")}
      className={`grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-2 md:items-start ${
        clients ? "xl:grid-cols-[1fr_1fr_1fr_1fr_2fr_auto]" : "xl:grid-cols-[1fr_1fr_1fr_2fr_auto]"
      }`}
    >
      {clients ? (
        <SelectField
          label={t("filters.client")}
          name="clientId"
          defaultValue={clientId === undefined ? "" : String(clientId)}
          onChange={applyNow}
          options={[
            { value: "", label: t("filters.allClients") },
            ...clients.map((client) => ({ value: String(client.id), label: client.businessName })),
          ]}
        />
      ) : null}
      <SelectField
        label={t("channels.label", { ns: "common" })}
        name="channel"
        defaultValue={channel ?? ""}
        onChange={applyNow}
        options={[
          { value: "", label: t("channels.all", { ns: "common" }) },
          ...CHANNELS.map((value) => ({ value, label: channelLabel(value) })),
        ]}
      />
      <SelectField
        label={t("filters.period")}
        name="period"
        defaultValue={period}
        onChange={applyNow}
        options={SESSION_PERIODS.map((value) => ({ value, label: t(`filters.periods.${value}`) }))}
      />
      <SelectField
        label={t("filters.rating")}
        name="rating"
        defaultValue={rating ?? ""}
        onChange={applyNow}
        options={[
          { value: "", label: t("filters.ratings.all") },
          ...RATING_FILTERS.map((value) => ({ value, label: t(`filters.ratings.${value}`) })),
        ]}
      />
      <TextField
        type="search"
        label={t("filters.search")}
        name="search"
        defaultValue={search ?? ""}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={searchPlaceholder ?? t("filters.searchPlaceholder")}
        hint={t("filters.searchTip")}
        errors={
          searchProblem === "tooLong"
            ? [t("filters.searchTooLong", { max: MAX_SEARCH_LENGTH })]
            : searchProblem === "tooSlow"
              ? [t("filters.searchTooSlow")]
              : undefined
        }
      />
      <Button type="submit" className="xl:mt-7">
        <Search className="h-4 w-4" aria-hidden="true" />
        {t("filters.apply")}
      </Button>
    </Form>
  );
}
