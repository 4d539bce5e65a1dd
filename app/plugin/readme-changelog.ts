/** One version's lines in the plugin's readme.txt. */
export type ChangelogEntry = { version: string; changes: string[] };

/**
 * The `== Changelog ==` section of the plugin's readme.txt (`= 1.1.0 =` then `* ` lines), newest
 * first as written: what the plugin's "View version details" dialog lists (includes/updates.php).
 */
export function readmeChangelog(readme: string): ChangelogEntry[] {
  const entries: ChangelogEntry[] = [];
  let inSection = false;
  for (const line of readme.split(/\r?\n/).map((text) => text.trim())) {
    if (/^==[^=].*==$/.test(line)) {
      inSection = line === "== Changelog ==";
      continue;
    }
    if (!inSection) continue;
    const version = /^= (.+) =$/.exec(line);
    if (version) entries.push({ version: version[1]!.trim(), changes: [] });
    else if (line.startsWith("* ")) entries.at(-1)?.changes.push(line.slice(2).trim());
  }
  return entries;
}
