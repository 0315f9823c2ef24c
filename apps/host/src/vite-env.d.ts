/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The help mailbox shown on the about page. */
  readonly VITE_SUPPORT_EMAIL?: string;
}
