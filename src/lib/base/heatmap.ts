// The optional heatmap and session-recording script (SPEC §7): loaded only when a site id is
// configured at build (PUBLIC_HEATMAP_SITE_ID) and only after the person said yes. The provider is
// Hotjar; its origins join the Content-Security-Policy only in a build with a site id
// (astro.config.ts reads heatmapOrigins), so a default build allows no third-party script at all.

/** The provider's script for a site id. */
export function heatmapScriptUrl(siteId: string): string {
  return `https://static.hotjar.com/c/hotjar-${encodeURIComponent(siteId)}.js?sv=6`;
}

/** What the policy must allow when a site id is set; nothing when it is not. */
export function heatmapOrigins(siteId: string | undefined): { script: string[]; connect: string[]; img: string[] } {
  if (!siteId) return { script: [], connect: [], img: [] };
  return {
    script: ['https://static.hotjar.com', 'https://script.hotjar.com'],
    connect: ['https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com'],
    img: ['https://*.hotjar.com'],
  };
}

export type Consent = 'granted' | 'denied';

/** The consent cookie: the person's answer, kept for 180 days. */
export const consentCookie = { name: 'heatmap-consent', days: 180 } as const;

export function readConsent(cookies: string = document.cookie): Consent | undefined {
  const value = new RegExp(`(?:^|; )${consentCookie.name}=(granted|denied)`).exec(cookies)?.[1];
  return value === 'granted' || value === 'denied' ? value : undefined;
}

export function writeConsent(consent: Consent, doc: Document = document): void {
  doc.cookie = `${consentCookie.name}=${consent}; max-age=${consentCookie.days * 86400}; path=/; samesite=lax`;
}

/** Adds the provider's script once; its settings go on window first, as its own loader would set them. */
export function loadHeatmap(siteId: string, doc: Document = document): void {
  if (doc.querySelector('script[data-heatmap]')) return;
  (globalThis as { _hjSettings?: object })._hjSettings = { hjid: Number(siteId), hjsv: 6 };
  const script = doc.createElement('script');
  script.src = heatmapScriptUrl(siteId);
  script.async = true;
  script.dataset['heatmap'] = '';
  doc.head.append(script);
}

/** Wires the consent banner: loads at once if already granted, else asks. */
export function startHeatmap(siteId: string | undefined, banner: HTMLElement | null, doc: Document = document): void {
  if (!siteId) return;
  const consent = readConsent(doc.cookie);
  if (consent === 'granted') {
    loadHeatmap(siteId, doc);
    return;
  }
  if (consent === 'denied' || !banner) return;
  banner.hidden = false;
  banner.addEventListener('click', (event) => {
    const answer = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent]')?.dataset['consent'] : undefined;
    if (answer !== 'granted' && answer !== 'denied') return;
    writeConsent(answer, doc);
    banner.hidden = true;
    if (answer === 'granted') loadHeatmap(siteId, doc);
  });
}
