/**
 * The launcher the WordPress plugin prints on the business's site (assets/launcher.js in the ZIP):
 * a floating button at the inline-end corner that opens the chat UI in an iframe, created only on
 * the first click so a visitor who never chats loads nothing of ours. No dependencies, no jQuery;
 * it must stay under 2 KB gzipped (plugin-zip.server.test.ts checks).
 *
 * The plugin passes its settings before this script as `window.alexAssistant` (wp_json_encode).
 * The chat UI asks to be closed (Escape or its close button) with a postMessage; only messages
 * from the chat UI's own origin are heard.
 */
import { LAUNCHER_CLOSE_MESSAGE, LAUNCHER_FOCUS_MESSAGE } from "../../widget/frame-messages.ts";

type LauncherSettings = {
  chatUrl: string;
  rtl: boolean;
  openLabel: string;
  closeLabel: string;
  frameTitle: string;
};

declare global {
  interface Window {
    alexAssistant?: LauncherSettings;
  }
}

const CSS =
  ".alex-ai-button{position:fixed;inset-block-end:20px;inset-inline-end:20px;z-index:2147483000;width:60px;height:60px;" +
  "border:0;border-radius:50%;background:#4338ca;color:#fff;box-shadow:0 6px 20px rgba(0,0,0,.25);cursor:pointer;" +
  "display:flex;align-items:center;justify-content:center;padding:0}" +
  ".alex-ai-button:focus-visible{outline:3px solid #f59e0b;outline-offset:3px}" +
  ".alex-ai-panel{position:fixed;inset-block-end:92px;inset-inline-end:20px;z-index:2147483000;width:min(400px,calc(100vw - 24px));" +
  "height:min(640px,calc(100vh - 112px));border:0;border-radius:16px;box-shadow:0 12px 40px rgba(0,0,0,.3);background:#fff}" +
  ".alex-ai-panel[hidden]{display:none}" +
  "@media (max-width:480px){.alex-ai-panel{inset:0;width:100%;height:100%;border-radius:0}.alex-ai-open .alex-ai-button{display:none}}";

const CHAT_ICON =
  '<svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round"><path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/></svg>';

function startLauncher(settings: LauncherSettings) {
  const chatOrigin = new URL(settings.chatUrl, location.href).origin;
  const root = document.createElement("div");
  root.dir = settings.rtl ? "rtl" : "ltr";
  const style = document.createElement("style");
  style.textContent = CSS;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "alex-ai-button";
  button.innerHTML = CHAT_ICON;
  button.setAttribute("aria-controls", "alex-ai-panel");
  let frame: HTMLIFrameElement | undefined;

  const setOpen = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    button.setAttribute("aria-label", open ? settings.closeLabel : settings.openLabel);
    root.classList.toggle("alex-ai-open", open);
    if (frame) frame.hidden = !open;
  };

  const focusChat = () => {
    frame?.focus();
    frame?.contentWindow?.postMessage({ type: LAUNCHER_FOCUS_MESSAGE }, chatOrigin);
  };

  const open = () => {
    if (!frame) {
      frame = document.createElement("iframe");
      frame.id = "alex-ai-panel";
      frame.className = "alex-ai-panel";
      frame.title = settings.frameTitle;
      frame.src = settings.chatUrl;
      frame.addEventListener("load", focusChat);
      root.append(frame);
    } else {
      focusChat();
    }
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    button.focus();
  };

  button.addEventListener("click", () => (button.getAttribute("aria-expanded") === "true" ? close() : open()));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && frame && !frame.hidden) close();
  });
  window.addEventListener("message", (event) => {
    if (
      event.origin === chatOrigin &&
      event.source === frame?.contentWindow &&
      event.data?.type === LAUNCHER_CLOSE_MESSAGE
    )
      close();
  });

  setOpen(false);
  root.append(style, button);
  document.body.append(root);
}

const settings = window.alexAssistant;
if (settings?.chatUrl) {
  if (document.body) startLauncher(settings);
  else document.addEventListener("DOMContentLoaded", () => startLauncher(settings));
}
