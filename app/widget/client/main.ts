/**
 * The chat UI's script: the only JavaScript the widget page loads (bundled by esbuild, inlined with
 * the page's nonce). The server renders the page; this wires it: sending (streamed replies),
 * images, the session kept across reloads, errors with a retry, feedback, the end's "How did we
 * do?", and the frame's close.
 */
import type { ChatEvent } from "~/conversations/chat-contract.ts";
import { newClientMessageId } from "~/lib/client-message-id.ts";
import { RATING_COMMENT_MAX_LENGTH, RATING_FACES, RATING_SCORES } from "~/lib/rating-rules.ts";
import { LAUNCHER_FOCUS_MESSAGE } from "../../sites/frame-messages.ts";
import { fillText, type WidgetClientText, type WidgetConfig } from "../widget-config.ts";
import { shouldAskForFeedback } from "./feedback-rule.ts";
import { screenImages, type ImageProblem } from "./images.ts";
import { connectToLauncher } from "./frame.ts";
import { fetchWithTimeout, sendMessage, type OutgoingMessage } from "./message-api.ts";
import { renderReply } from "./reply-dom.ts";
import { retryDelay } from "./retry-delay.ts";
import { browserStorage, createVisitorStore } from "./visitor-store.ts";

type HistoryMessage = {
  userMessage: string;
  aiResponse: string;
  messageType: string;
  images: number;
  /** Missing from servers before the take-over (app/conversations/chat-contract.ts). */
  role?: "exchange" | "visitor" | "operator";
};
type ChosenImage = { file: File; url: string };

const config = JSON.parse(document.getElementById("alex-config")!.textContent!) as WidgetConfig;
const text = (key: WidgetClientText, values: Record<string, string> = {}) => fillText(config.texts[key], values);
const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const log = element<HTMLDivElement>("alex-log");
const form = element<HTMLFormElement>("alex-form");
const input = element<HTMLTextAreaElement>("alex-input");
const fileInput = element<HTMLInputElement>("alex-images");
const previews = element<HTMLUListElement>("alex-previews");
const typing = element<HTMLDivElement>("alex-typing");
const notices = element<HTMLDivElement>("alex-notices");
const sendButton = element<HTMLButtonElement>("alex-send");
const closeButton = element<HTMLButtonElement>("alex-close");
/** Shown when the client asks the visitor's consent before their details are kept. */
const consentBox = document.getElementById("alex-consent") as HTMLInputElement | null;

const store = createVisitorStore(browserStorage(), config.license);
let sessionId = store.sessionId();
let replies = 0;
let lastMessageType: string | null = null;
let chosen: ChosenImage[] = [];
let busy = false;

function scrollToEnd() {
  log.scrollTop = log.scrollHeight;
}

function addMessage(
  role: "visitor" | "assistant" | "operator",
  body: string,
  images: { url: string | null; name: string }[] = [],
) {
  const item = document.createElement("div");
  item.className = `message ${role}`;
  // The bubble takes its direction from the message (dir=auto), not from the speaker's name: an
  // isolate (bdi) is left out when the browser looks for the first letter that decides it.
  const speaker = document.createElement("bdi");
  // A person's reply says who wrote it, to everyone; Alex's and the visitor's only to screen readers.
  speaker.className = role === "operator" ? "who" : "sr-only";
  speaker.textContent = role === "operator" ? text("operator") : `${text(role === "visitor" ? "you" : "assistant")}: `;
  const content = document.createElement("span");
  if (role === "assistant") renderReply(content, body);
  else content.textContent = body;
  item.dir = "auto";
  item.append(speaker, content);
  if (images.length > 0) {
    const gallery = document.createElement("div");
    gallery.className = "images";
    for (const image of images) {
      if (image.url) {
        const picture = document.createElement("img");
        picture.src = image.url;
        picture.alt = text("sentImage", { name: image.name });
        gallery.append(picture);
      } else {
        const label = document.createElement("span");
        label.textContent = `🖼 ${image.name}`;
        gallery.append(label);
      }
    }
    item.append(gallery);
  }
  log.append(item);
  scrollToEnd();
  return content;
}

function showNotice(kind: "error" | "feedback", message: string, actions: { label: string; run: () => void }[] = []) {
  const notice = document.createElement("div");
  notice.className = `notice ${kind}`;
  const paragraph = document.createElement("p");
  paragraph.textContent = message;
  notice.append(paragraph);
  if (kind === "error") notice.setAttribute("role", "alert");
  for (const action of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "pill";
    button.textContent = action.label;
    button.addEventListener("click", action.run);
    notice.append(button);
  }
  notices.append(notice);
  return notice;
}

function clearErrors() {
  for (const notice of notices.querySelectorAll(".error")) notice.remove();
}

function setBusy(value: boolean) {
  busy = value;
  sendButton.disabled = value;
  typing.hidden = !value;
  if (value) scrollToEnd();
}

function renderPreviews() {
  previews.replaceChildren(
    ...chosen.map((image, index) => {
      const item = document.createElement("li");
      const picture = document.createElement("img");
      picture.src = image.url;
      picture.alt = image.file.name;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "×";
      remove.setAttribute("aria-label", text("removeImage", { name: image.file.name }));
      remove.addEventListener("click", () => {
        URL.revokeObjectURL(image.url);
        chosen.splice(index, 1);
        renderPreviews();
        input.focus();
      });
      item.append(picture, remove);
      return item;
    }),
  );
  previews.hidden = chosen.length === 0;
}

const problemText = (problem: ImageProblem) =>
  text(problem.kind === "type" ? "imageType" : problem.kind === "size" ? "imageSize" : "imageCount", {
    name: problem.name,
  });

function askForFeedback() {
  if (!sessionId || !shouldAskForFeedback({ replies, lastMessageType, alreadyAsked: store.feedbackAsked(sessionId) }))
    return;
  const session = sessionId;
  store.rememberFeedbackAsked(session);
  const answer = (helpful: boolean) => {
    notice.replaceChildren(Object.assign(document.createElement("p"), { textContent: text("feedbackThanks") }));
    notice.setAttribute("role", "status");
    input.focus();
    void fetchWithTimeout(config.endpoints.feedback, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ license: config.license, sessionId: session, helpful }),
    }).catch(() => {});
  };
  const notice = showNotice("feedback", text("feedbackQuestion"), [
    { label: `👍 ${text("feedbackYes")}`, run: () => answer(true) },
    { label: `👎 ${text("feedbackNo")}`, run: () => answer(false) },
  ]);
  notice.setAttribute("role", "group");
  notice.setAttribute("aria-label", text("feedbackQuestion"));
}

/** Whether this session was rated, or the question is on screen: it is asked once. */
let ratingAsked = false;
let quietTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * The conversation has ended (a person handed it back or closed it, or it was quiet for the
 * client's minutes): "How did we do?" with five faces as a radio group, an optional comment and a
 * send button; thanks afterwards. Only a session with a reply is asked.
 */
function askForRating() {
  clearTimeout(quietTimer);
  if (!sessionId || ratingAsked || replies === 0) return;
  ratingAsked = true;
  const session = sessionId;
  const box = document.createElement("form");
  box.className = "notice feedback rating";
  const group = document.createElement("fieldset");
  const legend = document.createElement("legend");
  legend.textContent = text("ratingQuestion");
  const faces = document.createElement("div");
  faces.className = "faces";
  for (const score of RATING_SCORES) {
    const label = document.createElement("label");
    const radio = Object.assign(document.createElement("input"), {
      type: "radio",
      name: "rating",
      value: String(score),
    });
    radio.required = true;
    const face = Object.assign(document.createElement("span"), { textContent: RATING_FACES[score] });
    face.setAttribute("aria-hidden", "true");
    const name = Object.assign(document.createElement("span"), {
      className: "face-name",
      textContent: text(`rating${score}`),
    });
    label.append(radio, face, name);
    faces.append(label);
  }
  group.append(legend, faces);
  const commentId = "alex-rating-comment";
  const commentLabel = Object.assign(document.createElement("label"), { textContent: text("ratingComment") });
  commentLabel.htmlFor = commentId;
  const comment = Object.assign(document.createElement("textarea"), {
    id: commentId,
    rows: 2,
    maxLength: RATING_COMMENT_MAX_LENGTH,
    dir: "auto",
  });
  const send = Object.assign(document.createElement("button"), {
    type: "submit",
    className: "pill",
    textContent: text("ratingSend"),
  });
  const problem = document.createElement("p");
  problem.setAttribute("role", "alert");
  box.append(group, commentLabel, comment, send, problem);
  box.addEventListener("submit", (event) => {
    event.preventDefault();
    const chosen = box.querySelector<HTMLInputElement>('input[name="rating"]:checked');
    if (!chosen) return;
    send.disabled = true;
    problem.textContent = "";
    const body = { license: config.license, sessionId: session, rating: Number(chosen.value), comment: comment.value };
    void fetchWithTimeout(config.endpoints.rating, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })
      .then((response) => {
        // 409: rated already (another tab); the visitor is thanked all the same.
        if (!response.ok && response.status !== 409) throw new Error(String(response.status));
        const thanks = Object.assign(document.createElement("p"), { textContent: text("ratingThanks") });
        thanks.setAttribute("role", "status");
        box.replaceChildren(thanks);
        input.focus();
      })
      .catch(() => {
        problem.textContent = text("ratingFailed");
        send.disabled = false;
      });
  });
  notices.append(box);
  scrollToEnd();
}

/** A quiet conversation ends after the client's minutes: each reply starts the count again. */
function countQuietMinutes() {
  clearTimeout(quietTimer);
  if (ratingAsked) return;
  quietTimer = setTimeout(askForRating, config.ratingQuietMinutes * 60_000);
}

/** The chat's own next try of a message that got no answer at all, and how to run it at once. */
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryNow: (() => void) | null = null;

async function deliver(message: OutgoingMessage, attempt = 0) {
  clearTimeout(retryTimer);
  retryNow = null;
  // A try of its own is quiet: no typing dots, and the notice with Try again stays until an answer comes.
  const quiet = attempt > 0;
  if (!quiet) clearErrors();
  setBusy(true);
  if (quiet) typing.hidden = true;
  // Created by the first piece of the reply; TypeScript's narrowing cannot follow the callback.
  let bubble = null as HTMLElement | null;
  const result = await sendMessage(config.endpoints.messages, message, (soFar) => {
    typing.hidden = true;
    log.setAttribute("aria-busy", "true");
    bubble ??= addMessage("assistant", "");
    renderReply(bubble, soFar);
    scrollToEnd();
  });
  log.removeAttribute("aria-busy");
  setBusy(false);
  if (!result.ok) {
    bubble?.parentElement?.remove();
    const retry = () => void deliver(message);
    const problem = result.timedOut ? text("errorTimeout") : (result.error ?? text("errorNetwork"));
    const noAnswer = result.status === null;
    if (!quiet || !noAnswer) {
      clearErrors();
      showNotice("error", problem, [{ label: text("retry"), run: retry }]);
    }
    // No answer at all (our server or the connection down): after an outage the message goes through
    // by itself, waiting longer each time; a busy server (503) says itself how long to wait. Try again
    // stays for the visitor who will not wait. The same clientMessageId makes every try one message.
    if (noAnswer || result.retryAfterMs !== undefined) {
      retryNow = () => void deliver(message, attempt + 1);
      retryTimer = setTimeout(retryNow, result.retryAfterMs ?? retryDelay(attempt));
    }
    return;
  }
  clearErrors();
  const reply = result.reply;
  sessionId = reply.sessionId;
  store.rememberSession(sessionId);
  listenToSession();
  // A person holds the session: their answer comes through the chat events, not here, and the
  // empty reply leaves no bubble behind.
  if (reply.heldBy) {
    bubble?.parentElement?.remove();
    return;
  }
  renderReply(bubble ?? addMessage("assistant", ""), reply.reply);
  scrollToEnd();
  // The session keeps the consent from now on: unticking it would take nothing back.
  if (message.consent && consentBox) consentBox.disabled = true;
  replies += 1;
  lastMessageType = reply.messageType;
  askForFeedback();
  countQuietMinutes();
}

async function submit() {
  if (busy) return;
  const body = input.value.trim();
  if (!body) return input.focus();
  clearErrors();
  if (body.length > config.maxMessageLength) {
    showNotice("error", text("errorTooLong"));
    return;
  }
  const images = chosen;
  addMessage(
    "visitor",
    body,
    images.map((image) => ({ url: image.url, name: image.file.name })),
  );
  input.value = "";
  input.style.height = "";
  chosen = [];
  renderPreviews();
  await deliver({
    license: config.license,
    ...(sessionId ? { sessionId } : {}),
    clientMessageId: newClientMessageId(),
    message: body,
    ...(images.length > 0 ? { images: images.map((image) => image.file) } : {}),
    ...(consentBox?.checked ? { consent: true } : {}),
  });
}

async function showEarlierMessages() {
  if (!sessionId) return;
  const query = new URLSearchParams({ license: config.license, sessionId });
  const separator = config.endpoints.history.includes("?") ? "&" : "?";
  try {
    const response = await fetchWithTimeout(`${config.endpoints.history}${separator}${query}`);
    if (response.status === 404) {
      store.forgetSession();
      sessionId = null;
      return;
    }
    if (!response.ok) return;
    const { messages, personAnswering, rated } = JSON.parse(response.body) as {
      messages: HistoryMessage[];
      personAnswering?: boolean;
      rated?: boolean;
    };
    ratingAsked = rated === true;
    showWhoAnswers(personAnswering === true);
    for (const message of messages) {
      if (message.role === "operator") {
        addMessage("operator", message.aiResponse);
        continue;
      }
      const images = Array.from({ length: message.images }, (_, index) => ({ url: null, name: String(index + 1) }));
      if (message.userMessage) addMessage("visitor", message.userMessage, images);
      if (message.aiResponse) addMessage("assistant", message.aiResponse);
      lastMessageType = message.messageType;
    }
    replies = messages.length;
    countQuietMinutes();
    listenToSession();
  } catch {
    // Without the earlier messages (none came, or too late) the conversation still continues in the same session.
  }
}

const subtitle = document.getElementById("alex-subtitle");
const hoursSubtitle = subtitle?.textContent ?? "";
/** The header says a person is answering while one holds the conversation, else the business's hours. */
function showWhoAnswers(person: boolean) {
  if (subtitle) subtitle.textContent = person ? text("personAnswering") : hoursSubtitle;
}

/** A line in the conversation that no one wrote: a person joined, Alex is back. */
function addStatusLine(body: string) {
  const line = document.createElement("p");
  line.className = "status-line";
  line.setAttribute("role", "status");
  line.textContent = body;
  log.append(line);
  scrollToEnd();
}

let events: EventSource | null = null;
/**
 * Hears the session's live events (app/widget/chat-events.server.ts) once there is a session: a
 * person taking over, their replies, Alex coming back. EventSource reconnects by itself; a reload
 * shows what was missed through the history.
 */
function listenToSession() {
  if (events || !sessionId || typeof EventSource === "undefined") return;
  const query = new URLSearchParams({ license: config.license, sessionId });
  const separator = config.endpoints.chatEvents.includes("?") ? "&" : "?";
  events = new EventSource(`${config.endpoints.chatEvents}${separator}${query}`);
  events.addEventListener("chat", (event) => {
    const data = JSON.parse((event as MessageEvent<string>).data) as ChatEvent;
    if (data.kind === "joined") {
      addStatusLine(text("operatorJoined"));
      showWhoAnswers(true);
    } else if (data.kind === "left") {
      addStatusLine(text("alexBack"));
      showWhoAnswers(false);
      // Handed back or closed by a person: the conversation they had with the visitor has ended.
      askForRating();
    } else if (data.role === "operator") {
      addMessage("operator", data.text);
      replies += 1;
      countQuietMinutes();
    } else renderReply(addMessage("assistant", ""), data.text);
  });
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  void submit();
});
// "Talk to a person" sends the request as the visitor's own message: the server hears it as any.
const personButton = document.getElementById("alex-person");
if (personButton) {
  personButton.hidden = false;
  personButton.addEventListener("click", () => {
    if (busy) return;
    input.value = text("personRequest");
    form.requestSubmit();
  });
}
input.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    form.requestSubmit();
  }
});
input.addEventListener("input", () => {
  input.style.height = "";
  input.style.height = `${Math.min(input.scrollHeight + 2, 140)}px`;
});
fileInput.addEventListener("change", () => {
  clearErrors();
  const { accepted, problems } = screenImages(chosen.length, Array.from(fileInput.files ?? []));
  chosen = [...chosen, ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))];
  fileInput.value = "";
  renderPreviews();
  if (problems.length > 0) showNotice("error", problems.map(problemText).join(" "));
});
if (connectToLauncher(closeButton)) {
  // Sent by the launcher's frame only (the parent window); the message carries nothing to trust.
  window.addEventListener("message", (event) => {
    if (event.source === window.parent && event.data?.type === LAUNCHER_FOCUS_MESSAGE) input.focus();
  });
}
// The connection is back: no need to wait for the next try.
window.addEventListener("online", () => retryNow?.());
sendButton.disabled = false;
void showEarlierMessages();
