import { lazy } from "react";

/**
 * The login form brings zod, Conform and Radix Dialog: loaded when the modal is first wanted
 * (or about to be, on hover or focus of its link), not with the page.
 */
const loadLoginModal = () => import("./login-modal.tsx");

export const lazyLoginModal = {
  Component: lazy(() => loadLoginModal().then((module) => ({ default: module.LoginModal }))),
  preload: () => void loadLoginModal(),
};
