/**
 * React Router checks the Origin of page and data actions, but not of resource routes (POST
 * /logout is one). A browser names the page a post came from in Origin, and in Sec-Fetch-Site; a
 * request with neither (a script, an old browser) is not a cross-site page speaking for the user.
 */
export function isCrossSiteRequest(request: Request) {
  if (request.headers.get("Sec-Fetch-Site") === "cross-site") return true;
  const origin = request.headers.get("Origin");
  if (origin === null) return false;
  return origin !== new URL(request.url).origin;
}
