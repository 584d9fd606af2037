import { existsSync } from 'node:fs';
import type { AstroIntegration, ClientDirective, ClientDirectiveConfig } from 'astro';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type demandDirective from '../src/lib/base/demand-directive.ts';
import type interactionDirective from '../src/lib/base/interaction-directive.ts';
import type paramDirective from '../src/lib/base/param-directive.ts';
import { clientDirectives } from './client-directives.ts';

describe('the client directives', () => {
  it('registers client:interaction, client:demand and client:param from src/lib/base, written to Astro’s signature', async () => {
    // Checked by `astro check`: src/lib spells the signature out rather than importing Astro.
    expectTypeOf<typeof interactionDirective>().toExtend<ClientDirective>();
    expectTypeOf<typeof demandDirective>().toExtend<ClientDirective>();
    expectTypeOf<typeof paramDirective>().toExtend<ClientDirective>();
    const registered: ClientDirectiveConfig[] = [];
    const setup = clientDirectives().hooks['astro:config:setup'] as (options: unknown) => void;
    setup({ addClientDirective: (config: ClientDirectiveConfig) => registered.push(config) } as unknown as Parameters<
      NonNullable<AstroIntegration['hooks']['astro:config:setup']>
    >[0]);
    expect(registered.map((config) => config.name)).toEqual(['interaction', 'demand', 'param']);
    for (const config of registered) expect(existsSync(String(config.entrypoint))).toBe(true);
    expect(String(registered[0]?.entrypoint)).toMatch(/src\/lib\/base\/interaction-directive\.ts$/);
    expect(String(registered[1]?.entrypoint)).toMatch(/src\/lib\/base\/demand-directive\.ts$/);
    expect(String(registered[2]?.entrypoint)).toMatch(/src\/lib\/base\/param-directive\.ts$/);
  });
});
