/** A download's refusal (no such client, a bad period): a line of text in the user's language, never cached. */
export const plainTextResponse = (text: string, status: number) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
