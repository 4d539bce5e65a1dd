/**
 * A promise a loader hands its page to stream. When the page is never sent (the database went down
 * during the request and the outage middleware answers 503 instead), nothing would hear its failure,
 * and an unheard rejection stops the Node.js process: CI saw the server exit so. The page still gets
 * the rejection.
 */
export function streamed<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}
