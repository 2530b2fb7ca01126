/// <reference types="vite/client" />

// Build-time settings of the footer links (see app/site-links.ts).
interface ImportMetaEnv {
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_PARTNER_URL?: string;
  readonly VITE_FAQ_URL?: string;
}
