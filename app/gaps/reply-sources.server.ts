import type { Database } from "#db/connection.ts";
import type { ReplySource } from "#db/vocabulary.ts";
import { listMessageSources, listMessagesMarkedWrong } from "~/models/knowledge-gap.server.ts";
import type { ExportedMessage, ReplySourceView } from "~/sessions/session-types.ts";

/** Where a source links on the page showing it: the training's pages of the back-office or of the portal. */
export type SourceLinks = {
  /** The FAQ editor, and the business information's. */
  faq: string;
  info: string;
  /** Where the opening hours are set; none where the page's reader cannot set them. */
  hours: string | null;
};

/** Only a page of the web is a link: a stored address of another scheme is shown, never followed. */
const webAddress = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

export function sourceView(source: ReplySource, links: SourceLinks): ReplySourceView {
  switch (source.kind) {
    case "hours":
      return { kind: "hours", label: "", href: links.hours };
    case "tool":
      return { kind: "tool", label: source.name, href: null };
    case "entry":
      if (source.origin === "faq") return { kind: "faq", label: source.topic, href: links.faq };
      if (source.origin === "manual") return { kind: "manual", label: "", href: links.info };
      return {
        kind: source.origin,
        label: source.topic || source.sourceUrl || "",
        href: webAddress(source.sourceUrl),
      };
  }
}

/**
 * A session page's messages with what each of Alex's replies was built from, and whether an operator
 * marked it wrong (which also says the page offers "Mark as wrong").
 */
export async function withReplySources(
  db: Database,
  messages: ExportedMessage[],
  links: SourceLinks,
): Promise<ExportedMessage[]> {
  const ids = messages.map((message) => message.id);
  const [sources, wrong] = await Promise.all([listMessageSources(db, ids), listMessagesMarkedWrong(db, ids)]);
  const sourcesById = new Map(sources.map((row) => [row.id, row.sources ?? []]));
  const wrongIds = new Set(wrong);
  return messages.map((message) => ({
    ...message,
    sources: (sourcesById.get(message.id) ?? []).map((source) => sourceView(source, links)),
    markedWrong: wrongIds.has(message.id),
  }));
}
