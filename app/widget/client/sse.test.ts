import { describe, expect, it } from "vitest";
import { createSseParser, type ServerSentEvent } from "./sse.ts";

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.feed(chunk);
  parser.end();
  return events;
}

describe("the Server-Sent Events parser", () => {
  it("dispatches named and unnamed events at blank lines, joining data lines", () => {
    expect(parse(['event: delta\ndata: {"delta":"שלו"}\n\n', "data: first\ndata: second\n\n"])).toEqual([
      { event: "delta", data: '{"delta":"שלו"}' },
      { event: "message", data: "first\nsecond" },
    ]);
  });

  it("reads events cut anywhere, CRLF and CR line ends included", () => {
    const text = 'event: delta\r\ndata: {"delta":"a"}\r\n\r\nevent: done\rdata: {"reply":"ab"}\r\r';
    for (let cut = 0; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual([
        { event: "delta", data: '{"delta":"a"}' },
        { event: "done", data: '{"reply":"ab"}' },
      ]);
    }
  });

  it("skips comments and events without data, keeps a value's spaces after the first, and drops an unfinished event", () => {
    expect(parse([": keep-alive\n\nevent: ping\n\ndata:  two spaces\n\ndata: never finished"])).toEqual([
      { event: "message", data: " two spaces" },
    ]);
  });
});
