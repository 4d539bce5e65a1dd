import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";

type ClientPickerProps = { clients: { id: number; businessName: string }[]; selectedId: number | null };

/** A GET form (`?clientId=`): the choice is in the URL, works without JavaScript, and loads at once with it. */
export function ClientPicker({ clients, selectedId }: ClientPickerProps) {
  const { t } = useTranslation("client-config");
  const submit = useSubmit();
  return (
    <Card>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3"
        onChange={(event) => void submit(event.currentTarget)}
      >
        <SelectField
          id="training-client"
          name="clientId"
          label={t("training.client")}
          placeholder={t("training.chooseClient")}
          defaultValue={selectedId ?? ""}
          options={clients.map((client) => ({ value: String(client.id), label: client.businessName }))}
          className="min-w-64 flex-1"
        />
        <Button type="submit" variant="secondary">
          {t("training.load")}
        </Button>
      </Form>
    </Card>
  );
}
