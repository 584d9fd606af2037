// Giving a company away needs the owner's password (decision 235) and, like every such change, is mailed:
// the old owner's mail, in their language, carries the link that takes the company back within the undo
// links' 7 days (a thief holding the session and the password gives it to their own account); the new
// owner is told it is theirs. The link works once, ends the old owner's sessions, and does nothing once
// the company moved on again.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspacePaths } from '../../contract/company-routes.ts';
import { signInRemovalApiPath } from '../../contract/sign-in-removal.ts';
import { settingsApiPaths } from '../../contract/settings.ts';
import { companyMembers, users } from '../db/schema.ts';
import { bearer, nextAddress } from '../test/auth-helpers.ts';
import { createStaffedCompany, enterCompany, givePassword } from '../test/company-helpers.ts';
import { expectErrorAnswer } from '../test/error-answer.ts';
import { createTestContext, type TestContext } from '../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

async function transferred(ownerLocale: 'en_GB' | 'uk_UA') {
  const { companyId, owner, admin } = await createStaffedCompany(ctx);
  await ctx.database.db.update(users).set({ locale: ownerLocale }).where(eq(users.id, owner.person.id));
  const current_password = await givePassword(ctx, owner.person);
  const session = await enterCompany(ctx, owner.person, companyId);
  const mailsBefore = ctx.mail.length;
  const res = await ctx.app.inject({
    method: 'POST',
    url: workspacePaths.transferOwnership(companyId),
    headers: bearer(session),
    payload: { member_id: admin.memberId, current_password },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode, res.body).toBe(204);
  await ctx.app.afterAnswer.settled();
  const mails = ctx.mail.slice(mailsBefore);
  const toOwner = mails.filter((mail) => mail.to === owner.person.email);
  const toAdmin = mails.filter((mail) => mail.to === admin.person.email);
  return { companyId, owner, admin, toOwner, toAdmin };
}

const roles = async (companyId: number) =>
  Object.fromEntries(
    (
      await ctx.database.db
        .select({ userId: companyMembers.userId, role: companyMembers.role })
        .from(companyMembers)
        .where(eq(companyMembers.companyId, companyId))
    ).map((row) => [row.userId, row.role]),
  );
const tokenIn = (text: string) => /remove-sign-in\?token=([\w.-]+)/.exec(text)?.[1];
const undo = (token: string) =>
  ctx.app.inject({ method: 'POST', url: signInRemovalApiPath, payload: { token }, remoteAddress: nextAddress() });

describe('giving a company away', () => {
  it('mails the old owner with a link that takes it back, and the new owner that it is theirs', async () => {
    const { companyId, owner, admin, toOwner, toAdmin } = await transferred('en_GB');
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0]!.subject).toBe('You gave a company on Profiles to another member');
    expect(toOwner[0]!.text).toContain('/remove-sign-in?token=');
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.subject).toBe('You are now the owner of a company on Profiles');
    // Nothing of the new owner's mail undoes anything.
    expect(tokenIn(toAdmin[0]!.text)).toBeUndefined();

    const personal = await ctx.tokens.issue(owner.person.id);
    const res = await undo(tokenIn(toOwner[0]!.text)!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ kind: 'ownership', name: expect.any(String) });
    expect(await roles(companyId)).toMatchObject({ [owner.person.id]: 'owner', [admin.person.id]: 'admin' });
    // Every session of the old owner ends, as with every undo: the thief's with it.
    expect((await ctx.app.inject({ method: 'GET', url: settingsApiPaths.sessions, headers: bearer(personal) })).statusCode).toBe(401);
    // Once only.
    const again = await undo(tokenIn(toOwner[0]!.text)!);
    expect([again.statusCode, expectErrorAnswer(again).code]).toEqual([404, 'removal_link_invalid']);
  });

  it('tells a Ukrainian-speaking owner in Ukrainian', async () => {
    const { toOwner } = await transferred('uk_UA');
    expect(toOwner[0]!.subject).toBe('Ви передали компанію в Profiles іншому учасникові');
    expect(toOwner[0]!.text).toContain('/uk/remove-sign-in?token=');
  });

  it('does nothing once the new owner gave the company on, or after the 7 days', async () => {
    const moved = await transferred('en_GB');
    // The new owner gives it to the third member: the old link no longer names the owner.
    const newOwnerPassword = await givePassword(ctx, moved.admin.person);
    const [third] = await ctx.database.db
      .select({ id: companyMembers.id })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, moved.companyId))
      .then((rows) => rows.filter((row) => row.id !== moved.admin.memberId && row.id !== moved.owner.memberId));
    const onward = await ctx.app.inject({
      method: 'POST',
      url: workspacePaths.transferOwnership(moved.companyId),
      headers: bearer(await enterCompany(ctx, moved.admin.person, moved.companyId)),
      payload: { member_id: third!.id, current_password: newOwnerPassword },
      remoteAddress: nextAddress(),
    });
    expect(onward.statusCode, onward.body).toBe(204);
    const stale = await undo(tokenIn(moved.toOwner[0]!.text)!);
    expect([stale.statusCode, expectErrorAnswer(stale).code]).toEqual([404, 'removal_link_invalid']);

    const late = await transferred('en_GB');
    ctx.clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    const expired = await undo(tokenIn(late.toOwner[0]!.text)!);
    expect([expired.statusCode, expectErrorAnswer(expired).code]).toEqual([404, 'removal_link_invalid']);
    expect(await roles(late.companyId)).toMatchObject({ [late.admin.person.id]: 'owner', [late.owner.person.id]: 'admin' });
  });
});
