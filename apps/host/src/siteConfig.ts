// Settings of this site (not of a course): set at build time.

/** The help mailbox on the about page (set VITE_SUPPORT_EMAIL at build time). */
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@coursekit.example';
