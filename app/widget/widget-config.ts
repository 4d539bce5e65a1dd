import type { Language } from "~/i18n/config.ts";

/** The texts the widget's script shows (from app/locales/{he,en}/widget.json, key `client`). */
export const WIDGET_CLIENT_TEXTS = [
  "you",
  "assistant",
  "typing",
  "retry",
  "errorNetwork",
  "errorTimeout",
  "errorTooLong",
  "imageType",
  "imageSize",
  "imageCount",
  "removeImage",
  "sentImage",
  "feedbackQuestion",
  "feedbackYes",
  "feedbackNo",
  "feedbackThanks",
  "operator",
  "operatorJoined",
  "alexBack",
  "personAnswering",
  "personRequest",
  "ratingQuestion",
  "rating1",
  "rating2",
  "rating3",
  "rating4",
  "rating5",
  "ratingComment",
  "ratingSend",
  "ratingThanks",
  "ratingFailed",
] as const;

export type WidgetClientText = (typeof WIDGET_CLIENT_TEXTS)[number];

/** What the server hands the widget's script, as JSON in the page. */
export type WidgetConfig = {
  license: string;
  language: Language;
  maxMessageLength: number;
  /** After this many quiet minutes the conversation has ended: the widget asks "How did we do?". */
  ratingQuietMinutes: number;
  endpoints: { messages: string; history: string; feedback: string; rating: string; chatEvents: string };
  texts: Record<WidgetClientText, string>;
};

/** How many earlier messages a reload shows. */
export const HISTORY_LIMIT = 50;

/** `{{name}}` placeholders, as i18next writes them, filled in the browser. */
export const fillText = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
