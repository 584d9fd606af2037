import { existsSync } from 'node:fs';
import type { AstroIntegration, ClientDirective, ClientDirectiveConfig } from 'astro';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type interactionDirective from '../src/lib/interaction-directive.ts';
import { clientInteraction } from './client-interaction.ts';

describe('client:interaction', () => {
  it('registers the directive from src/lib, written to Astro’s signature', async () => {
    // Checked by `astro check`: src/lib spells the signature out rather than importing Astro.
    expectTypeOf<typeof interactionDirective>().toExtend<ClientDirective>();
    const registered: ClientDirectiveConfig[] = [];
    const setup = clientInteraction().hooks['astro:config:setup'] as (options: unknown) => void;
    setup({ addClientDirective: (config: ClientDirectiveConfig) => registered.push(config) } as unknown as Parameters<NonNullable<AstroIntegration['hooks']['astro:config:setup']>>[0]);
    expect(registered).toHaveLength(1);
    expect(registered[0]?.name).toBe('interaction');
    expect(existsSync(String(registered[0]?.entrypoint))).toBe(true);
    expect(String(registered[0]?.entrypoint)).toMatch(/src\/lib\/interaction-directive\.ts$/);
  });
});
