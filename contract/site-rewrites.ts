// The rewrite rules of a static host (ARCHITECTURE "Routing on a static host"): one prerendered file
// serves every `/profile-{id}/...` and `/employment-details/{id}` path. The build writes these same
// rules to dist/_redirects and deploy/nginx.conf; the embedded server applies them through this function.

/** Pattern, replacement and a description; order matters, the first match wins. */
export const siteRewrites = [
  { from: /^(\/uk)?\/profile-[^/]+(\/.*)?$/, to: (m: RegExpExecArray) => `${m[1] ?? ''}${m[2] ?? '/'}` },
  {
    from: /^(\/uk)?\/employment-details\/\d+\/?$/,
    to: (m: RegExpExecArray) => `${m[1] ?? ''}/employment-details/`,
  },
] as const;

/** The path of the prerendered file that serves `urlPath`. */
export function rewriteSitePath(urlPath: string): string {
  let current = urlPath;
  for (const rule of siteRewrites) {
    const match = rule.from.exec(current);
    if (match) current = rule.to(match);
  }
  return current;
}

/** Netlify/Cloudflare `_redirects` lines with status 200 (a rewrite, not a redirect). */
export const staticHostRewriteLines = [
  '/uk/profile-:id/* /uk/:splat 200',
  '/uk/profile-:id /uk/ 200',
  '/profile-:id/* /:splat 200',
  '/profile-:id / 200',
  '/uk/employment-details/:id /uk/employment-details/ 200',
  '/employment-details/:id /employment-details/ 200',
];
