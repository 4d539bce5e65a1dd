/**
 * The names of the cookies a request carries, their values neither read nor decoded: enough to tell
 * whether a request may skip work that only a particular cookie asks for.
 */
export function cookieNames(request: Request): string[] {
  const header = request.headers.get("Cookie");
  if (!header) return [];
  return header
    .split(";")
    .map((pair) => pair.split("=", 1)[0]!.trim())
    .filter(Boolean);
}
