// The one script of the island pages (app/islands/island-page.tsx), inlined at the end of their
// <body>. Each page works without it; it adds what needs a script: the header's dialogs, the
// language menu that applies at once, the live cost calculator and busy submit buttons.
import {
  CALCULATOR_FIELDS,
  LINE_CENTS,
  lineText,
  readCalculator,
  type CalculatorTexts,
  type CalculatorValues,
} from "~/landing/calculator.ts";
import { formatCents } from "~/lib/format.ts";
import { PRICING } from "~/lib/pricing.ts";

function enhanceDialogs() {
  // The page may not scroll behind a modal dialog that asks so; closing it (any way) gives the scroll back.
  for (const dialog of document.querySelectorAll<HTMLDialogElement>("dialog[data-locks-scroll]")) {
    // The close event comes a moment later: the phone menu's Admin Login may have opened the login dialog by then.
    dialog.addEventListener("close", () => {
      if (!document.querySelector("dialog[data-locks-scroll][open]")) {
        document.documentElement.style.removeProperty("overflow");
      }
    });
    // Browsers without `closedby` still close on a click on the backdrop, which targets the dialog itself.
    dialog.addEventListener("click", (event) => {
      if (event.target !== dialog) return;
      const box = dialog.getBoundingClientRect();
      const inside =
        event.clientX >= box.left &&
        event.clientX <= box.right &&
        event.clientY >= box.top &&
        event.clientY <= box.bottom;
      if (!inside) dialog.close();
    });
  }
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const opener = target?.closest<HTMLElement>("[data-opens-dialog]");
    const closer = target?.closest<HTMLElement>("[data-closes-dialog]");
    if (closer) closer.closest("dialog")?.close();
    if (!opener) return;
    const dialog = document.getElementById(opener.dataset.opensDialog ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return;
    event.preventDefault();
    // An opener inside another dialog (the phone menu's Admin Login) replaces it.
    opener.closest("dialog")?.close();
    dialog.showModal();
    // A dialog with a form starts in its first field (the browser would pick the close button).
    dialog.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
    if (dialog.hasAttribute("data-locks-scroll")) document.documentElement.style.overflow = "hidden";
  });
}

function enhanceLanguageMenus() {
  for (const select of document.querySelectorAll<HTMLSelectElement>("select[data-submits-on-change]")) {
    select.addEventListener("change", () => select.form?.requestSubmit());
  }
}

/** A form that is on its way says so on its button, and a second press does not post it twice. */
function enhanceSubmitButtons() {
  const busy = new Map<HTMLButtonElement, string>();
  document.addEventListener("submit", (event) => {
    if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
    const button = event.target.querySelector<HTMLButtonElement>("button[type=submit][data-pending-label]");
    if (!button?.dataset.pendingLabel) return;
    busy.set(button, button.textContent ?? "");
    button.textContent = button.dataset.pendingLabel;
    // Disabled after this turn, or the browser would leave the button's own name out of the post.
    setTimeout(() => (button.disabled = true));
  });
  // Back to a page the browser kept in memory: its buttons are idle again.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    for (const [button, label] of busy) {
      button.textContent = label;
      button.disabled = false;
    }
    busy.clear();
  });
}

function enhanceCalculator(form: HTMLFormElement) {
  const texts = JSON.parse(form.dataset.calculator ?? "{}") as CalculatorTexts;
  const section = form.closest("section") ?? document;
  const find = <E extends HTMLElement>(selector: string) => section.querySelector<E>(selector)!;
  const money = (cents: number) => formatCents(cents, texts.language, PRICING.currency);
  // What each keystroke rewrites, found once.
  const fields = CALCULATOR_FIELDS.map((field) => {
    const input = form.elements.namedItem(field) as HTMLInputElement;
    return {
      field,
      input,
      error: document.getElementById(`${input.id}-error`),
      detail: find(`[data-calculator-detail="${field}"]`),
      amount: find(`[data-calculator-amount="${field}"]`),
    };
  });
  const breakdown = find("[data-calculator-breakdown]");
  const costLine = find("[data-calculator-cost]");
  const fix = find("[data-calculator-fix]");
  const total = find("[data-calculator-total]");

  const render = () => {
    const values = Object.fromEntries(fields.map(({ field, input }) => [field, input.value])) as CalculatorValues;
    const { problems, cost } = readCalculator(values);
    for (const { field, input, error } of fields) {
      const problem = problems[field];
      if (problem) input.setAttribute("aria-invalid", "true");
      else input.removeAttribute("aria-invalid");
      if (error) {
        error.textContent = problem ? texts.errors[problem] : "";
        error.hidden = !problem;
      }
    }
    breakdown.hidden = !cost;
    costLine.hidden = !cost;
    fix.hidden = Boolean(cost);
    if (!cost) return;
    for (const { field, detail, amount } of fields) {
      detail.textContent = lineText(texts, field, Number(values[field] || 0));
      amount.textContent = money(cost[LINE_CENTS[field]]);
    }
    total.textContent = money(cost.totalCents);
  };

  form.addEventListener("input", render);
  // The total follows the typing, so the form has nothing left to send.
  form.addEventListener("submit", (event) => event.preventDefault());
  find("[data-calculator-submit]").hidden = true;
}

enhanceDialogs();
enhanceLanguageMenus();
enhanceSubmitButtons();
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-calculator]")) enhanceCalculator(form);
document.documentElement.dataset.enhanced = "";
