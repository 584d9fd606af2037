// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { heatmapOrigins, readConsent, startHeatmap } from './heatmap.ts';

function banner(): HTMLElement {
  document.body.innerHTML =
    '<div data-heatmap-consent hidden><button data-consent="granted">Allow</button><button data-consent="denied">No</button></div>';
  return document.querySelector<HTMLElement>('[data-heatmap-consent]')!;
}

afterEach(() => {
  document.cookie = 'heatmap-consent=; max-age=0; path=/';
  document.head.innerHTML = '';
});

describe('the heatmap script', () => {
  it('is not loaded, nor asked about, without a site id; the policy then names no origin', () => {
    const element = banner();
    startHeatmap(undefined, element);
    expect(element.hidden).toBe(true);
    expect(document.querySelector('script[data-heatmap]')).toBeNull();
    expect(heatmapOrigins(undefined)).toEqual({ script: [], connect: [], img: [] });
    expect(heatmapOrigins('123').script).toContain('https://static.hotjar.com');
  });

  it('waits for consent, then loads once', () => {
    const element = banner();
    startHeatmap('123', element);
    expect(element.hidden).toBe(false);
    expect(document.querySelector('script[data-heatmap]')).toBeNull();
    element.querySelector<HTMLButtonElement>('[data-consent="granted"]')!.click();
    expect(element.hidden).toBe(true);
    expect(readConsent()).toBe('granted');
    expect(document.querySelector('script[data-heatmap]')?.getAttribute('src')).toBe('https://static.hotjar.com/c/hotjar-123.js?sv=6');
    startHeatmap('123', banner());
    expect(document.querySelectorAll('script[data-heatmap]')).toHaveLength(1);
  });

  it('never loads after a no, and does not ask again', () => {
    const element = banner();
    startHeatmap('123', element);
    element.querySelector<HTMLButtonElement>('[data-consent="denied"]')!.click();
    expect(document.querySelector('script[data-heatmap]')).toBeNull();
    const again = banner();
    startHeatmap('123', again);
    expect(again.hidden).toBe(true);
  });
});
