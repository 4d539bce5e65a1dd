import { useForm, type SubmissionResult } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { renderHtml, tagWith, textOfId } from "../../../tests/support/render.tsx";
import { CheckboxField, FormErrors, SelectField, SwitchField, TextareaField, TextField } from "./form-fields.tsx";
import { FormMessages } from "./form-messages.tsx";

/** What an action answers after a refused post: the values kept, the errors as translation keys. */
const refused: SubmissionResult<string[]> = {
  status: "error",
  initialValue: { fullName: "Dana", email: "dana@", phone: "", consent: "on", active: "on", plan: "pro", notes: "Hi" },
  error: {
    email: ["contact.errors.emailInvalid"],
    phone: ["preview.errors.phoneTooLong"],
    "": ["login.invalidCredentials"],
  },
};

function ContactHarness({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({ id: "t", lastResult, constraint: { fullName: { required: true } } });
  return (
    <FormMessages ns="landing">
      <FormErrors form={form} />
      <TextField field={fields.fullName} label="Full name" hint="As on your ID" />
      <TextField field={fields.email} type="email" label="Email" dir="ltr" />
      <TextareaField field={fields.notes} label="Notes" />
      <SelectField
        field={fields.plan}
        label="Plan"
        placeholder="Choose"
        options={[
          { value: "basic", label: "Basic" },
          { value: "pro", label: "Pro" },
        ]}
      />
      <CheckboxField field={fields.consent} label="Send me news" />
      <SwitchField field={fields.active} label="Status" onText="Active" offText="Inactive" />
    </FormMessages>
  );
}

describe("the form kit with Conform", () => {
  it("ties each label to its control, and the hint and the errors to the control's description", () => {
    const html = renderHtml(<ContactHarness lastResult={refused} />);
    const name = tagWith(html, { name: "fullName" }, "input");
    expect(tagWith(html, { for: name.attributes.id! }, "label")).toBeDefined();
    expect(name.attributes).toMatchObject({
      value: "Dana",
      "aria-describedby": "t-fullName-description",
      required: "",
    });
    expect(name.attributes["aria-invalid"]).toBeUndefined();
    expect(textOfId(html, "t-fullName-description")).toBe("As on your ID");

    const email = tagWith(html, { name: "email" }, "input");
    expect(email.attributes).toMatchObject({
      id: "t-email",
      type: "email",
      dir: "ltr",
      value: "dana@",
      "aria-invalid": "true",
      "aria-describedby": "t-email-error",
    });
    expect(tagWith(html, { for: "t-email" }, "label")).toBeDefined();
  });

  it("shows the errors translated from the form's namespace, falling back to common", () => {
    const html = renderHtml(<ContactHarness lastResult={refused} />);
    expect(textOfId(html, "t-email-error")).toBe("Enter a valid email address.");
    expect(tagWith(html, { id: "t-error", role: "alert" }).name).toBe("div");
    expect(textOfId(html, "t-error")).toBe("The username or password is incorrect.");
  });

  it("speaks the page's language", () => {
    const html = renderHtml(<ContactHarness lastResult={refused} />, { language: "he" });
    expect(textOfId(html, "t-email-error")).toBe("יש להזין כתובת דוא״ל תקינה.");
  });

  it("marks a required field's label for sight only", () => {
    const html = renderHtml(<ContactHarness />);
    expect(html).toMatch(/<label for="t-fullName"[^>]*>Full name<span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
    expect(html).toMatch(/<label for="t-email"[^>]*>Email<\/label>/);
  });

  it("keeps the values of a refused post in every kind of control", () => {
    const html = renderHtml(<ContactHarness lastResult={refused} />);
    expect(html).toMatch(/<textarea[^>]*name="notes"[^>]*>Hi<\/textarea>/);
    expect(html).toMatch(
      /<option value="">Choose<\/option><option value="basic">Basic<\/option><option value="pro" selected="">Pro<\/option>/,
    );
    expect(tagWith(html, { name: "consent" }, "input").attributes).toMatchObject({ type: "checkbox", checked: "" });
    expect(tagWith(html, { name: "active" }, "input").attributes).toMatchObject({
      type: "checkbox",
      role: "switch",
      checked: "",
    });
  });

  it("shows nothing for the form's errors when there are none", () => {
    expect(renderHtml(<ContactHarness />)).not.toContain('role="alert"');
  });
});

describe("the form kit without Conform", () => {
  it("takes the control's own props and errors, for GET filter forms", () => {
    const html = renderHtml(
      <TextField name="q" type="search" label="Search" defaultValue="pizza" errors={["login.usernameRequired"]} />,
    );
    const input = tagWith(html, { name: "q" }, "input");
    expect(input.attributes).toMatchObject({ type: "search", value: "pizza", "aria-invalid": "true" });
    expect(tagWith(html, { for: input.attributes.id! }, "label")).toBeDefined();
    expect(textOfId(html, input.attributes["aria-describedby"]!)).toBe("Enter your username.");
  });

  it("fills in interpolation values given once for the form", () => {
    const html = renderHtml(
      <FormMessages ns="demo" values={{ phoneMax: 15 }}>
        <TextField name="phone" id="phone" label="Phone" errors={["preview.errors.phoneTooLong"]} />
      </FormMessages>,
    );
    expect(textOfId(html, "phone-error")).toBe("At most 15 characters.");
  });

  it("shows a message that is not a key as it is (one the server already translated)", () => {
    const html = renderHtml(
      <TextField name="x" id="x" label="X" errors={["Bitte eine gültige Adresse: name@example.com"]} />,
    );
    expect(textOfId(html, "x-error")).toBe("Bitte eine gültige Adresse: name@example.com");
  });

  it("adds the ids the caller describes the control with to its own", () => {
    const html = renderHtml(
      <TextareaField name="message" id="m" label="Message" hideLabel hint="Enter sends" aria-describedby="counter" />,
    );
    expect(tagWith(html, { name: "message" }, "textarea").attributes["aria-describedby"]).toBe("m-hint counter");
    expect(html).toMatch(/<label for="m" class="sr-only">Message<\/label>/);
  });

  it("lists several form errors, announced as an alert", () => {
    const html = renderHtml(
      <FormErrors id="problems" errors={["login.invalidCredentials", "login.tooManyAttempts"]} />,
      { language: "he" },
    );
    expect(tagWith(html, { id: "problems" }).attributes.role).toBe("alert");
    expect(html).toMatch(/<li>שם המשתמש או הסיסמה שגויים.<\/li><li>[^<]+<\/li>/);
  });

  it("gives a switch its state in words for sight, both rendered so CSS shows the right one without JavaScript", () => {
    const html = renderHtml(
      <SwitchField name="active" id="s" label="Status" onText="Active" offText="Inactive" defaultChecked />,
    );
    expect(tagWith(html, { id: "s" }, "input").attributes).toMatchObject({
      role: "switch",
      type: "checkbox",
      checked: "",
    });
    expect(html).toMatch(
      /<span aria-hidden="true"[^>]*><span class="group-has-checked:hidden">Inactive<\/span><span class="hidden group-has-checked:inline">Active<\/span><\/span>/,
    );
  });
});
