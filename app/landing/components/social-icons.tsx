import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** Drawn inline (no external requests); each is a 24×24 glyph in the current colour. */
const SOCIAL = [
  {
    key: "facebook",
    href: "https://www.facebook.com/",
    glyph: (
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.5-1.5h1.6V4.4A21 21 0 0 0 14.3 4c-2.3 0-3.8 1.4-3.8 3.9v2.6H8v3h2.5V21h3z" />
    ),
  },
  {
    key: "instagram",
    href: "https://www.instagram.com/",
    glyph: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
        <circle cx="17.3" cy="6.7" r="1.2" />
      </>
    ),
  },
  {
    key: "linkedin",
    href: "https://www.linkedin.com/",
    glyph: (
      <>
        <rect x="3.5" y="9" width="3.6" height="11.5" rx="0.6" />
        <circle cx="5.3" cy="5.4" r="2.1" />
        <path d="M9.6 9h3.4v1.6c.6-1 1.8-1.9 3.7-1.9 3 0 4 1.9 4 4.9v6.9h-3.6v-6.1c0-1.5-.4-2.6-1.9-2.6-1.6 0-2 1.2-2 2.6v6.1H9.6z" />
      </>
    ),
  },
  {
    key: "youtube",
    href: "https://www.youtube.com/",
    glyph: (
      <path d="M21.6 7.2a2.7 2.7 0 0 0-1.9-1.9C18 4.8 12 4.8 12 4.8s-6 0-7.7.5a2.7 2.7 0 0 0-1.9 1.9A28 28 0 0 0 2 12a28 28 0 0 0 .4 4.8 2.7 2.7 0 0 0 1.9 1.9c1.7.5 7.7.5 7.7.5s6 0 7.7-.5a2.7 2.7 0 0 0 1.9-1.9A28 28 0 0 0 22 12a28 28 0 0 0-.4-4.8zM10 15.1V8.9l5.2 3.1z" />
    ),
  },
] as const satisfies readonly { key: string; href: string; glyph: ReactNode }[];

export function SocialLinks() {
  const { t } = useTranslation("landing");
  return (
    <ul aria-label={t("footer.social")} className="flex gap-3">
      {SOCIAL.map(({ key, href, glyph }) => (
        <li key={key}>
          <a
            href={href}
            rel="noopener noreferrer"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-slate-300 transition-colors hover:bg-brand-600 hover:text-white"
          >
            <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
              {glyph}
            </svg>
            <span className="sr-only">{t(`footer.socialNames.${key}`)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
