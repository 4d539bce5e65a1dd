import { LAUNCHER_CLOSE_MESSAGE, LAUNCHER_READY_MESSAGE } from "../../sites/frame-messages.ts";

/**
 * In the launcher's frame: shows the page's close button, wires it and Escape to close the frame,
 * and tells the launcher the page loaded. False when the page is open on its own (a tab).
 */
export function connectToLauncher(closeButton: HTMLButtonElement) {
  if (window.parent === window) return false;
  // The parent is the client's site, whose origin this page does not know; the messages carry nothing private.
  const close = () => window.parent.postMessage({ type: LAUNCHER_CLOSE_MESSAGE }, "*");
  closeButton.hidden = false;
  closeButton.addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") close();
  });
  window.parent.postMessage({ type: LAUNCHER_READY_MESSAGE }, "*");
  return true;
}
