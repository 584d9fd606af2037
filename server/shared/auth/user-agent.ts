// Names the browser and operating system of a session from its User-Agent, for the settings' list
// of active sessions. Product names only (they read the same in every language); the order of the
// checks matters because browsers claim each other's tokens (Edge and Opera say "Chrome", Chrome
// says "Safari").

export interface DeviceName {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

const browsers: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bYaBrowser\//, 'Yandex Browser'],
  [/\bChrom(?:e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const systems: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system a User-Agent names; nulls for an absent or unknown one. */
export function deviceNameOf(userAgent: string | null): DeviceName {
  if (!userAgent) return { browser: null, os: null, mobile: false };
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  const os = systems.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os, mobile: /\bMobile\b|\biPhone\b|\biPad\b|\bAndroid\b/.test(userAgent) };
}
