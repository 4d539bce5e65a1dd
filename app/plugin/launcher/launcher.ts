/**
 * The launcher the WordPress plugin prints on the business's site (assets/launcher.js in the ZIP):
 * a floating button at the inline-end corner that opens the chat UI in an iframe, created only on
 * the first click so a visitor who never chats loads nothing of ours. No dependencies, no jQuery;
 * it must stay under 2 KB gzipped (plugin-zip.server.test.ts checks).
 *
 * The plugin passes its settings before this script as `window.alexAssistant` (wp_json_encode).
 * The chat UI says it loaded, and asks to be closed (Escape or its close button), with a postMessage;
 * only messages from the chat UI's own origin are heard. Until the chat says it loaded, the panel
 * shows "connecting" with Close at once (a hung server must not leave a blank panel, on a phone a
 * blank screen); a chat that did not load in time, or whose frame shows the browser's error page,
 * turns it into a notice with Try again and Close, and the launcher tries again by itself, waiting
 * longer each time, so the chat appears when our server is back. The next open loads it afresh: a
 * visitor is never left with a dead panel and no way out.
 */
import { LAUNCHER_CLOSE_MESSAGE, LAUNCHER_FOCUS_MESSAGE, LAUNCHER_READY_MESSAGE } from "../../sites/frame-messages.ts";

type LauncherSettings = {
  chatUrl: string;
  rtl: boolean;
  openLabel: string;
  closeLabel: string;
  frameTitle: string;
  /** Shown in place of the chat while it loads. */
  connectingText: string;
  /** Shown in place of the chat when it could not load (our server down, a hung answer, the site not allowed). */
  failedText: string;
  retryLabel: string;
  /** Pixels the button and the panel move up, clear of a theme's own bottom bar (the settings page's field). */
  offset: number;
};

declare global {
  interface Window {
    alexAssistant?: LauncherSettings;
  }
}

/** How long the chat may take to load before the visitor is offered Try again (as long as a reply may take to start). */
const LOAD_TIMEOUT_MS = 20_000;
/** A frame that fired `load` without our page's ready message holds the browser's error page; the message may trail the event a little. */
const READY_GRACE_MS = 1_500;
/** The first wait before the launcher tries again by itself after a failed load; each wait doubles, up to the longest. */
const RETRY_FIRST_MS = 5_000;
const RETRY_LONGEST_MS = 60_000;

// --b: the distance from the bottom (offset and the phone's own bottom inset); --t: WordPress's admin bar at the top.
const CSS =
  ".alex-ai{--b:calc(var(--o,0px) + env(safe-area-inset-bottom,0px));--t:0px}" +
  ".admin-bar .alex-ai{--t:32px}@media (max-width:782px){.admin-bar .alex-ai{--t:46px}}" +
  ".alex-ai-button{position:fixed;inset-block-end:calc(20px + var(--b));inset-inline-end:20px;z-index:2147483001;width:60px;height:60px;" +
  "border:0;border-radius:50%;background:#4338ca;color:#fff;box-shadow:0 6px 20px rgba(0,0,0,.25);cursor:pointer;" +
  "display:flex;align-items:center;justify-content:center;padding:0}" +
  ".alex-ai button:focus-visible{outline:3px solid #f59e0b;outline-offset:3px}" +
  ".alex-ai-panel{position:fixed;inset-block-end:calc(92px + var(--b));inset-inline-end:20px;z-index:2147483000;width:min(400px,calc(100vw - 24px));" +
  "height:min(640px,calc(100vh - 112px - var(--b) - var(--t)));box-sizing:border-box;border:0;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.3);background:#fff}" +
  ".alex-ai [hidden]{display:none}" +
  ".alex-ai-status{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:16px;padding:24px;" +
  "font:16px/1.5 system-ui,sans-serif;color:#1e293b;text-align:center}" +
  ".alex-ai-status button{border:0;border-radius:999px;padding:10px 20px;min-height:44px;font:inherit;cursor:pointer;background:#4338ca;color:#fff}" +
  ".alex-ai-status button+button{background:#e2e8f0;color:#1e293b}" +
  // While connecting: a spinner (still for visitors who ask for less motion).
  '.alex-ai-status[role=status]:before{content:"";width:32px;height:32px;border:4px solid #c7d2fe;border-top-color:#4338ca;' +
  "border-radius:50%;animation:alex-ai-spin 1s linear infinite}@keyframes alex-ai-spin{to{transform:rotate(1turn)}}" +
  "@media (prefers-reduced-motion:reduce){.alex-ai-status:before{animation:none}}" +
  // On a phone the panel fills the screen; the button stays over it (as its close) until the chat, with its own close, is up.
  "@media (max-width:480px){.alex-ai-panel{inset:0;width:100%;height:100%;border-radius:0}.alex-ai-open.alex-ai-ready .alex-ai-button{display:none}}";

const CHAT_ICON =
  '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';

function startLauncher(settings: LauncherSettings) {
  const chatOrigin = new URL(settings.chatUrl, location.href).origin;
  const root = document.createElement("div");
  root.className = "alex-ai";
  root.dir = settings.rtl ? "rtl" : "ltr";
  if (settings.offset > 0) root.style.setProperty("--o", `${settings.offset}px`);
  const style = document.createElement("style");
  style.textContent = CSS;
  const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = "") =>
    Object.assign(document.createElement(tag), { className, textContent: text });
  const button = make("button", "alex-ai-button");
  button.type = "button";
  button.innerHTML = CHAT_ICON;
  button.setAttribute("aria-controls", "alex-ai-panel");
  // Shown instead of the chat until it is up: connecting, or why it did not come, with Try again; always a way out.
  const panel = make("div", "alex-ai-panel alex-ai-status");
  const message = make("p", "");
  const retry = make("button", "", settings.retryLabel);
  const dismiss = make("button", "", settings.closeLabel);
  panel.append(message, retry, dismiss);
  let frame: HTMLIFrameElement | undefined;
  let ready = false;
  let failed = false;
  let isOpen = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  let retrying: ReturnType<typeof setTimeout> | undefined;
  let retryWait = RETRY_FIRST_MS;

  const show = () => {
    root.classList.toggle("alex-ai-ready", ready);
    panel.hidden = !isOpen || ready;
    panel.setAttribute("role", failed ? "alert" : "status");
    const text = failed ? settings.failedText : settings.connectingText;
    // Set only when it changes: a live region may read out the same words again.
    if (message.textContent !== text) message.textContent = text;
    retry.hidden = !failed;
    if (frame) frame.hidden = !isOpen || !ready;
  };

  const setOpen = (open: boolean) => {
    isOpen = open;
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? settings.closeLabel : settings.openLabel);
    root.classList.toggle("alex-ai-open", open);
    show();
  };

  const focusChat = () => {
    frame?.focus();
    frame?.contentWindow?.postMessage({ type: LAUNCHER_FOCUS_MESSAGE }, chatOrigin);
  };

  const stopWaiting = () => {
    clearTimeout(waiting);
    clearTimeout(retrying);
  };

  // A new frame each time: the one that failed may hold an error page that never recovers by itself.
  // A try of its own leaves the notice as it is until the chat is up.
  const load = () => {
    frame?.remove();
    stopWaiting();
    ready = false;
    frame = make("iframe", "alex-ai-panel");
    frame.id = "alex-ai-panel";
    frame.title = settings.frameTitle;
    frame.src = settings.chatUrl;
    frame.addEventListener("load", () => {
      clearTimeout(waiting);
      waiting = setTimeout(fail, READY_GRACE_MS);
    });
    waiting = setTimeout(fail, LOAD_TIMEOUT_MS);
    root.insertBefore(frame, panel);
    show();
  };

  function fail() {
    if (ready || !frame) return;
    failed = true;
    retrying = setTimeout(load, retryWait);
    retryWait = Math.min(retryWait * 2, RETRY_LONGEST_MS);
    show();
  }

  // The visitor's own Try again, or an open after a close: "connecting" again, and the waits start over.
  const loadAfresh = () => {
    failed = false;
    retryWait = RETRY_FIRST_MS;
    load();
  };

  const open = () => {
    setOpen(true);
    // Only a chat that loaded outlives a close (see close): anything else loads afresh.
    if (frame) focusChat();
    else loadAfresh();
  };

  const close = () => {
    setOpen(false);
    // A chat that never came is loaded afresh on the next open, and not tried again while closed.
    if (!ready) {
      stopWaiting();
      frame?.remove();
      frame = undefined;
    }
    button.focus();
  };

  button.addEventListener("click", () => (isOpen ? close() : open()));
  retry.addEventListener("click", loadAfresh);
  dismiss.addEventListener("click", close);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isOpen) close();
  });
  // The connection is back: no need to wait for the next try.
  window.addEventListener("online", () => {
    if (failed && frame) load();
  });
  window.addEventListener("message", (event) => {
    if (event.origin !== chatOrigin || !frame || event.source !== frame.contentWindow) return;
    const type = event.data?.type;
    if (type === LAUNCHER_CLOSE_MESSAGE) close();
    if (type === LAUNCHER_READY_MESSAGE) {
      ready = true;
      failed = false;
      retryWait = RETRY_FIRST_MS;
      stopWaiting();
      show();
      if (isOpen) focusChat();
    }
  });

  setOpen(false);
  root.append(style, button, panel);
  document.body.append(root);
}

const settings = window.alexAssistant;
if (settings?.chatUrl) {
  if (document.body) startLauncher(settings);
  else document.addEventListener("DOMContentLoaded", () => startLauncher(settings));
}
