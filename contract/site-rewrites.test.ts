import { describe, expect, it } from 'vitest';
import { rewriteSitePath } from './site-rewrites.ts';

describe('rewriteSitePath', () => {
  it.each([
    ['/profile-42', '/'],
    ['/profile-42/', '/'],
    ['/profile-42/settings', '/settings'],
    ['/profile-abc/notifications', '/notifications'],
    ['/uk/profile-42', '/uk/'],
    ['/uk/profile-42/settings', '/uk/settings'],
    ['/employment-details/7', '/employment-details/'],
    ['/profile-1/employment-details/7', '/employment-details/'],
    ['/uk/profile-1/employment-details/7', '/uk/employment-details/'],
    ['/settings', '/settings'],
    ['/profiles/settings', '/profiles/settings'],
    ['/42/settings', '/42/settings'],
    ['/employment-details/abc', '/employment-details/abc'],
  ])('serves %s from %s', (from, to) => {
    expect(rewriteSitePath(from)).toBe(to);
  });
});
