// Addresses owned by the operator, set at build time (e.g. in web/.env). None is invented here:
// a link without an address is simply not shown.

export const SITE_LINKS = {
  contactEmail: import.meta.env.VITE_CONTACT_EMAIL ?? '',
  partnerUrl: import.meta.env.VITE_PARTNER_URL ?? '',
  faqUrl: import.meta.env.VITE_FAQ_URL ?? '',
};
