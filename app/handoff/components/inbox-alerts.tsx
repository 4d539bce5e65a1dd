import { Bell, BellOff, Volume2, VolumeX } from "lucide-react";
import { useEffect, useReducer, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";

/** Where the browser remembers that this person turned the inbox's sound off. */
const SOUND_KEY = "alex.inbox.sound";

/** A short two-note chime made in the browser: no sound file to fetch. */
function chime() {
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  [660, 880].forEach((frequency, index) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    const start = audio.currentTime + index * 0.15;
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.15, start);
    volume.gain.exponentialRampToValueAtTime(0.001, start + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(start);
    tone.stop(start + 0.3);
  });
  setTimeout(() => void audio.close(), 1000);
}

type Waiting = { sessionId: string; who: string };

const noSubscription = () => () => {};

/**
 * Tells the person with the inbox open that a visitor began to wait: a browser notification (once
 * they allowed it) and a chime (unless they turned it off, remembered in this browser). The rows on
 * the first render are not news; those that join the waiting ones afterwards are. The controls ask
 * for the permission with a button, as browsers want, and switch the sound.
 */
export function InboxAlerts({ waiting, openPath }: { waiting: readonly Waiting[]; openPath: (id: string) => string }) {
  const { t } = useTranslation("inbox");
  // Both live in the browser (the server renders nothing of them); a change here renders again.
  const [, changed] = useReducer((count: number) => count + 1, 0);
  const permission = useSyncExternalStore(
    noSubscription,
    (): NotificationPermission | "unsupported" =>
      typeof Notification === "undefined" ? "unsupported" : Notification.permission,
    () => null,
  );
  const soundOn = useSyncExternalStore(
    noSubscription,
    () => localStorage.getItem(SOUND_KEY) !== "off",
    () => true,
  );
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    const ids = new Set(waiting.map((row) => row.sessionId));
    const before = known.current;
    known.current = ids;
    if (!before) return;
    const arrived = waiting.filter((row) => !before.has(row.sessionId));
    if (arrived.length === 0) return;
    if (localStorage.getItem(SOUND_KEY) !== "off") chime();
    if (typeof Notification !== "undefined" && Notification.permission === "granted") {
      for (const row of arrived) {
        const note = new Notification(t("notification.title"), {
          body: t("notification.body", { who: row.who }),
          tag: row.sessionId,
        });
        note.onclick = () => {
          window.focus();
          window.location.assign(openPath(row.sessionId));
        };
      }
    }
  }, [waiting, t, openPath]);

  const toggleSound = () => {
    localStorage.setItem(SOUND_KEY, soundOn ? "off" : "on");
    changed();
  };
  // Nothing before the browser said what it allows: the server cannot know.
  if (permission === null) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {permission === "default" ? (
        <Button variant="secondary" size="sm" onClick={() => void Notification.requestPermission().then(changed)}>
          <Bell className="h-4 w-4" aria-hidden="true" />
          {t("alerts.allow")}
        </Button>
      ) : permission === "denied" ? (
        <span className="inline-flex items-center gap-1 text-sm text-slate-600">
          <BellOff className="h-4 w-4" aria-hidden="true" />
          {t("alerts.blocked")}
        </span>
      ) : permission === "granted" ? (
        <span className="inline-flex items-center gap-1 text-sm text-slate-600">
          <Bell className="h-4 w-4" aria-hidden="true" />
          {t("alerts.on")}
        </span>
      ) : null}
      <Button variant="secondary" size="sm" aria-pressed={soundOn} onClick={toggleSound}>
        {soundOn ? (
          <Volume2 className="h-4 w-4" aria-hidden="true" />
        ) : (
          <VolumeX className="h-4 w-4" aria-hidden="true" />
        )}
        {t("alerts.sound")}
      </Button>
    </div>
  );
}
