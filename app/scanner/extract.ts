import { Parser } from "htmlparser2";
import { cleanText } from "~/lib/text.ts";
import { KNOWLEDGE_LIMITS } from "./knowledge-limits.ts";

export type PageTopic = { topic: string; content: string };

export const EXTRACT_LIMITS = { ...KNOWLEDGE_LIMITS, topicsPerPage: 200 } as const;

/** Whole subtrees that are not the page's own words: chrome, code, forms, hidden things. */
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "canvas",
  "iframe",
  "object",
  "nav",
  "footer",
  "aside",
  "form",
  "button",
  "select",
  "dialog",
]);
const SKIPPED_ROLES = new Set(["navigation", "banner", "contentinfo", "complementary", "search", "dialog"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** Elements that end a line of text. */
const BLOCKS = new Set([
  "p",
  "div",
  "li",
  "br",
  "tr",
  "td",
  "th",
  "dd",
  "dt",
  "section",
  "article",
  "main",
  "blockquote",
  "pre",
  "table",
  "ul",
  "ol",
  "dl",
  "figcaption",
  "address",
  "hr",
]);
const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

type Section = { topic: string; lines: string[]; inMain: boolean };

/**
 * The page's main text as topics: each heading opens one, its text is what follows up to the next
 * heading. Navigation, header, footer, scripts and forms are dropped; when the page marks its
 * main content (<main>, or role="main") only that is kept. Text before the first heading goes under
 * the page's title.
 */
export function extractTopics(html: string): PageTopic[] {
  let title = "";
  let inTitle = false;
  let skipDepth = 0;
  let mainDepth = 0;
  let headingText: string | null = null;
  let line = "";
  const openElements: { name: string; skips: boolean; main: boolean }[] = [];
  const sections: Section[] = [{ topic: "", lines: [], inMain: false }];
  let sawMain = false;

  const current = () => sections[sections.length - 1]!;
  const endLine = () => {
    const text = collapse(line);
    line = "";
    if (!text) return;
    const section = current();
    section.lines.push(text);
    if (mainDepth > 0) section.inMain = true;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const role = attributes.role?.toLowerCase() ?? "";
        const hidden = "hidden" in attributes || attributes["aria-hidden"] === "true";
        // A page-level <header> is chrome; a header inside an article is content.
        const chromeHeader =
          name === "header" && mainDepth === 0 && !openElements.some((element) => element.name === "article");
        const skips = skipDepth > 0 || SKIPPED.has(name) || SKIPPED_ROLES.has(role) || hidden || chromeHeader;
        const main = name === "main" || role === "main";
        if (!VOID.has(name)) openElements.push({ name, skips, main });
        if (name === "title") inTitle = true;
        if (skips) {
          if (!VOID.has(name)) skipDepth++;
          return;
        }
        if (HEADINGS.has(name) || BLOCKS.has(name)) endLine();
        if (main) {
          mainDepth++;
          sawMain = true;
        }
        if (HEADINGS.has(name)) headingText = "";
      },
      ontext(text) {
        if (inTitle) {
          title += text;
          return;
        }
        if (skipDepth > 0) return;
        if (headingText !== null) headingText += text;
        else line += text;
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        if (name === "title") inTitle = false;
        const element = openElements.pop();
        if (!element) return;
        if (element.skips) {
          skipDepth--;
          return;
        }
        if (!HEADINGS.has(name) && BLOCKS.has(name)) endLine();
        if (element.main) mainDepth--;
        if (HEADINGS.has(name) && headingText !== null) {
          const topic = withoutRepeats(collapse(headingText));
          headingText = null;
          if (topic)
            sections.push({ topic: topic.slice(0, EXTRACT_LIMITS.topicChars), lines: [], inMain: mainDepth > 0 });
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  endLine();

  const pageTitle = withoutRepeats(collapse(title)).slice(0, EXTRACT_LIMITS.topicChars);
  return sections
    .filter((section) => section.lines.length > 0 && (!sawMain || section.inMain))
    .map((section) => ({
      topic: section.topic || pageTitle || section.lines[0]!.slice(0, EXTRACT_LIMITS.topicChars),
      content: section.lines.join("\n").slice(0, EXTRACT_LIMITS.contentChars),
    }))
    .slice(0, EXTRACT_LIMITS.topicsPerPage);
}

/** What separates a page's name from its site's in a title: "About | Dana's Bakery". */
const TITLE_SEPARATOR = /\s+[|–—·»]\s+|\s+-\s+/;

/**
 * A title whose parts repeat ("אודות | אודות", a site named like its page) once each: the operator
 * would otherwise read the topic's name twice.
 */
function withoutRepeats(title: string): string {
  const parts = title.split(TITLE_SEPARATOR);
  const separators = title.match(new RegExp(TITLE_SEPARATOR, "g")) ?? [];
  const seen = new Set<string>();
  let kept = "";
  parts.forEach((part, index) => {
    const key = part.toLocaleLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    kept += kept ? `${separators[index - 1]}${part}` : part;
  });
  return kept;
}

/** Every piece of a page's text, cleaned like every typed field: a NUL byte in a page once failed the whole write. */
function collapse(text: string): string {
  return cleanText(text).replace(/\s+/g, " ").trim();
}

/** The page's character set: the Content-Type header's, else a <meta> one in the first bytes, else UTF-8. */
export function decodeHtml(body: Uint8Array, contentType: string): string {
  const head = new TextDecoder("latin1").decode(body.subarray(0, 2048));
  const declared =
    /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(declared ?? "utf-8").decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}
