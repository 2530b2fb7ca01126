// robots.txt names the sitemap by an absolute URL (a relative one is ignored by crawlers and flagged by
// Lighthouse), so the build adds that line only when it knows the site's address (SITE_URL).

export const withSitemap = (robots: string, origin: string): string => `${robots.trimEnd()}\n\nSitemap: ${origin}/sitemap.xml\n`;
