import { REPLY_LINK_REL, REPLY_LINK_TARGET, replyPieces } from "~/lib/reply-text.ts";

/**
 * A reply of Alex's as React renders it (the demo chat, the training page's preview), the same way
 * the widget's script does (app/widget/client/reply-dom.ts): addresses become links isolated left
 * to right, phone numbers and prices are isolated so a Hebrew sentence cannot reorder them, and kept
 * on one line.
 */
export function ReplyText({ text }: { text: string }) {
  return replyPieces(text).map((piece, index) => {
    if (piece.kind === "text") return piece.text;
    return (
      // The pieces never move: their position is their identity.
      <bdi key={index} dir="ltr" className={piece.kind === "number" ? "whitespace-nowrap" : undefined}>
        {piece.kind === "link" ? (
          <a href={piece.href} rel={REPLY_LINK_REL} target={REPLY_LINK_TARGET} className="underline">
            {piece.text}
          </a>
        ) : (
          piece.text
        )}
      </bdi>
    );
  });
}
