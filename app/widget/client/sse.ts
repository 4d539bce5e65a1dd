export type ServerSentEvent = { event: string; data: string };

/**
 * A Server-Sent Events parser (the HTML standard's rules, without reconnection) for a body read
 * with fetch and a stream reader: feed it the text as it arrives, in chunks cut anywhere.
 * Lines end with LF, CRLF or CR; `data` lines join with LF; comments (`:`) are skipped; an event
 * is dispatched at a blank line, and only if it carried data.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = "";
  let eventName = "";
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || "message", data: data.join("\n") });
    eventName = "";
    data = [];
  };

  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventName = value;
    else if (field === "data") data.push(value);
  };

  return {
    feed(chunk: string) {
      buffer += chunk;
      for (;;) {
        const end = buffer.search(/\r\n|\r|\n/);
        // A lone CR at the end may be the first half of CRLF: wait for the next chunk.
        if (end < 0 || (end === buffer.length - 1 && buffer[end] === "\r")) return;
        const breakLength = buffer.startsWith("\r\n", end) ? 2 : 1;
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + breakLength);
      }
    },
    /** The stream ended: an event without its blank line is dropped, as the standard says. */
    end() {
      // A CR held back as a possible half of CRLF ended its line after all.
      if (buffer.endsWith("\r")) line(buffer.slice(0, -1));
      buffer = "";
      eventName = "";
      data = [];
    },
  };
}
