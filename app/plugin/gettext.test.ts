import { describe, expect, it } from "vitest";
import { buildMo, buildPo, extractMessages, headerMessages, HEBREW, readMo } from "./gettext.ts";
import mainPhp from "./wordpress/alex-ai-assistant.php?raw";
import registrationPhp from "./wordpress/includes/registration.php?raw";
import updatesPhp from "./wordpress/includes/updates.php?raw";
import restPhp from "./wordpress/includes/rest.php?raw";
import settingsPhp from "./wordpress/includes/settings.php?raw";

describe("the plugin's translations", () => {
  const messages = [
    ...headerMessages(mainPhp),
    ...extractMessages([mainPhp, settingsPhp, restPhp, registrationPhp, updatesPhp]),
  ];

  it("finds every translatable call of the text domain, with escaped quotes undone", () => {
    const php = `__( 'One', 'alex-ai-assistant' ); esc_html_e( 'It\\'s two', 'alex-ai-assistant' ); __( 'Other', 'default' ); esc_attr__('Three','alex-ai-assistant')`;
    expect(extractMessages([php])).toEqual(["One", "It's two", "Three"]);
  });

  it("reads the plugin name and description from the header", () => {
    expect(headerMessages(mainPhp)).toEqual([
      "Alex AI Assistant",
      "Adds Alex, your AI employee, to your site: a chat button that answers your visitors around the clock.",
    ]);
  });

  it("has a Hebrew translation for every string of the PHP files, and none left over", () => {
    expect(messages.length).toBeGreaterThan(10);
    expect(messages.filter((message) => !HEBREW[message])).toEqual([]);
    expect(Object.keys(HEBREW).filter((message) => !messages.includes(message))).toEqual([]);
  });

  it("writes a template and a Hebrew .po with quotes and new lines escaped", () => {
    const pot = buildPo(['Say "hi"\nnow'], "1.0.0");
    expect(pot).toContain('msgid "Say \\"hi\\"\\nnow"\nmsgstr ""');
    expect(pot).toContain("Project-Id-Version: Alex AI Assistant 1.0.0");
    const po = buildPo(["License key"], "1.0.0", { language: "he_IL", strings: HEBREW });
    expect(po).toContain('msgid "License key"\nmsgstr "מפתח רישיון"');
    expect(po).toContain("Language: he_IL");
  });

  it("compiles a .mo file that reads back to the same strings, sorted as gettext requires", () => {
    const mo = buildMo(HEBREW, "he_IL", "1.0.0");
    const entries = readMo(mo);
    expect(entries.get("License key")).toBe("מפתח רישיון");
    expect(entries.get("")).toContain("Language: he_IL");
    expect(entries.size).toBe(Object.keys(HEBREW).length + 1);
    const originals = [...entries.keys()].map((key) => Buffer.from(key));
    expect(originals).toEqual([...originals].sort(Buffer.compare));
  });
});
