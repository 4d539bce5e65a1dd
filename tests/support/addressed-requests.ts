/**
 * Requests to a running test server, each from a client address of its own (the server trusts
 * X-Forwarded-For from loopback), so a per-address limit of a page is never what a test meets.
 * `baseUrl` is read at each request: the server may start after the helpers are made.
 */
export function addressedRequests(baseUrl: () => string) {
  let counter = 0;
  const nextAddress = () => `198.51.100.${(++counter % 250) + 1}`;
  function send(path: string, init: RequestInit & { cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", nextAddress());
    if (init.cookie) headers.set("Cookie", init.cookie);
    return fetch(`${baseUrl()}${path}`, { redirect: "manual", ...init, headers });
  }
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    send(path, { method: "POST", cookie, body: new URLSearchParams(fields) });
  return { send, post };
}
