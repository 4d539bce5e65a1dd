import { REPLY_LINK_REL, REPLY_LINK_TARGET, replyPieces } from "~/lib/reply-text.ts";

/**
 * Writes a reply into its bubble as DOM nodes (never as HTML): text as text, each address as a real
 * link isolated left to right, and phone numbers and prices isolated so they read as written (and
 * kept on one line: widget.css).
 */
export function renderReply(target: HTMLElement, text: string) {
  target.replaceChildren(
    ...replyPieces(text).map((piece) => {
      if (piece.kind === "text") return document.createTextNode(piece.text);
      const isolate = document.createElement("bdi");
      isolate.dir = "ltr";
      if (piece.kind === "ltr" || piece.kind === "number") {
        if (piece.kind === "number") isolate.className = "number";
        isolate.textContent = piece.text;
        return isolate;
      }
      const link = document.createElement("a");
      link.href = piece.href;
      link.rel = REPLY_LINK_REL;
      link.target = REPLY_LINK_TARGET;
      link.textContent = piece.text;
      isolate.append(link);
      return isolate;
    }),
  );
}
