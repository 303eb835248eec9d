import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#contract/roles.ts';
import { createApiClient, type ApiClient } from '#kit/api/api-client.ts';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import {
  authFetch,
  countMail,
  createAccount,
  linkIn,
  openLink,
  signIn,
  uniqueEmail,
  waitForMail,
} from '#tests/support/auth-client.ts';
import { connectBasicSpace } from '#tests/support/connected-space.ts';
import { startTestServer, type TestServer } from '#tests/support/test-server.ts';
import { apiFailure as failure } from '#tests/support/api-failure.ts';

interface Person {
  api: ApiClient;
  userId: string;
  email: string;
}

let storyblok: FakeStoryblok;
let server: TestServer;
let owner: Person;
let spaceId: number;

function clientWith(accessToken: string): ApiClient {
  return createApiClient({ baseUrl: server.baseUrl, getAccessToken: () => accessToken });
}

async function person(prefix: string): Promise<Person> {
  const email = uniqueEmail(prefix);
  const session = await createAccount(server, email);
  return { api: clientWith(session.access_token), userId: session.user.id, email };
}

/** A new account that joined the space with the role, through an invitation it accepted. */
async function member(role: Role, prefix: string = role): Promise<Person> {
  const someone = await person(prefix);
  await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email: someone.email, role } });
  await someone.api.call('acceptInvite', { params: { id: spaceId } });
  return someone;
}

const membership = (userId: string) =>
  server.prisma.membership.findUnique({
    where: { spaceId_userId: { spaceId, userId } },
    select: { status: true, role: true },
  });

const auditActions = async (targetId: string) =>
  (
    await server.prisma.auditEvent.findMany({
      where: { spaceId, targetId },
      orderBy: { createdAt: 'asc' },
      select: { action: true },
    })
  ).map((event) => event.action);

beforeAll(async () => {
  storyblok = await startFakeStoryblok({ dataDir: basicFixture.dir });
  server = await startTestServer({ env: { STORYBLOK_MAPI_URL: storyblok.mapiUrl } });
  const connected = await connectBasicSpace(server, 'members-owner');
  spaceId = connected.spaceId;
  const me = await connected.api.call('getMe', {});
  owner = { api: connected.api, userId: connected.userId, email: me.email };
});

afterAll(async () => {
  await server?.close();
  await storyblok?.close();
});

describe('inviting an address without an account', () => {
  it('makes an account, mails a link to choose a password, and the person joins once they accept', async () => {
    const email = uniqueEmail('newcomer');
    const invited = await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email } });
    expect(invited).toMatchObject({
      invited: true,
      user: { email, name: null, pivot: { status: 'invited', role: 'translator' } },
    });
    expect(invited.message).toContain(email);

    // Signing up with the address answers like any sign-up, and e-mails how to set the password instead.
    const signup = await authFetch(server, '/signup', { body: { email, password: 'another fine passphrase' } });
    expect(signup.status).toBe(200);
    expect((await waitForMail(server, email, { template: 'signup_existing' })).text).toContain('/set-password');

    const mail = await waitForMail(server, email, { template: 'membership_invite' });
    expect(mail.subject).toBe('Join Basic Test Space | Polyblok');
    expect(mail.text).toContain(`${owner.email} invited you to join Basic Test Space as a translator.`);
    expect(mail.text).toContain(`${server.env.SITE_URL}/set-password`);
    const opened = await openLink(linkIn(mail));
    expect(opened.target.pathname).toBe('/reset-password');
    const linkToken = opened.fragment.get('access_token')!;
    expect(linkToken).toBeTruthy();
    const password = 'a password of my own choosing';
    const set = await authFetch(server, '/user', { method: 'PUT', token: linkToken, body: { password } });
    expect(set.status).toBe(200);

    const session = await signIn(server, email, password);
    const api = clientWith(session.access_token);
    const before = (await api.call('getMe', {})).spaces.find((space) => space.id === spaceId)!;
    expect(before.pivot).toMatchObject({ status: 'invited', role: 'translator' });
    expect(before.preview_token).toBeNull();
    expect((await failure(api.call('getSyncStatus', { params: { id: spaceId } }))).status).toBe(404);

    const accepted = await api.call('acceptInvite', { params: { id: spaceId } });
    expect(accepted.user).toMatchObject({ id: session.user.id, pivot: { status: 'joined', role: 'translator' } });
    expect((await api.call('getSyncStatus', { params: { id: spaceId } })).status).toBe('completed');
    expect(await api.call('listGlossaryTerms', { params: { id: spaceId } })).toEqual({ terms: [] });
    expect(await auditActions(session.user.id)).toEqual(['member.invited', 'member.joined']);
    // The invitation is answered: a second accept finds nothing to answer.
    expect(await failure(api.call('acceptInvite', { params: { id: spaceId } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
  it('also activates through the Set Password screen, for someone whose invitation link expired or got lost', async () => {
    const email = uniqueEmail('set-password');
    await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email, role: 'viewer' } });
    const recover = await authFetch(
      server,
      `/recover?redirect_to=${encodeURIComponent(`${server.env.SITE_URL}/reset-password`)}`,
      {
        body: { email },
      },
    );
    expect(recover.status).toBe(200);
    const mail = await waitForMail(server, email, { template: 'recovery' });
    expect(mail.subject).toBe('Set your password | Polyblok');
    const opened = await openLink(linkIn(mail));
    expect(opened.target.pathname).toBe('/reset-password');
    const password = 'chosen on the set password screen';
    const set = await authFetch(server, '/user', {
      method: 'PUT',
      token: opened.fragment.get('access_token')!,
      body: { password },
    });
    expect(set.status).toBe(200);
    const api = clientWith((await signIn(server, email, password)).access_token);
    expect((await api.call('acceptInvite', { params: { id: spaceId } })).user.pivot).toMatchObject({
      status: 'joined',
      role: 'viewer',
    });
  });
});

describe('inviting someone who already uses Polyblok', () => {
  it('mails a pointer to the spaces list, where they can decline', async () => {
    const someone = await person('known');
    const invited = await owner.api.call('inviteUser', {
      params: { id: spaceId },
      body: { email: someone.email.toUpperCase(), role: 'editor' },
    });
    expect(invited).toMatchObject({ invited: true, user: { id: someone.userId, pivot: { role: 'editor' } } });
    const mail = await waitForMail(server, someone.email, { template: 'membership_invite' });
    expect(mail.text).toContain(`${owner.email} invited you to join Basic Test Space as an editor.`);
    expect(mail.text).toContain('Open Polyblok:');
    expect(mail.text).toContain(`${server.env.SITE_URL}/\n`);
    expect(mail.text).not.toContain('/auth/v1/verify');

    const listed = (await someone.api.call('getMe', {})).spaces.find((space) => space.id === spaceId)!;
    expect(listed.pivot).toMatchObject({ status: 'invited', role: 'editor' });

    expect(await someone.api.call('declineInvite', { params: { id: spaceId } })).toEqual({ removed: true });
    expect(await membership(someone.userId)).toBeNull();
    expect((await someone.api.call('getMe', {})).spaces.some((space) => space.id === spaceId)).toBe(false);
    expect(await failure(someone.api.call('declineInvite', { params: { id: spaceId } }))).toMatchObject({
      status: 404,
    });
    expect(await failure(someone.api.call('acceptInvite', { params: { id: spaceId } }))).toMatchObject({ status: 404 });
    expect(await auditActions(someone.userId)).toEqual(['member.invited', 'member.declined']);
  });

  it('changes nothing when the address is already in the space, in any status', async () => {
    const someone = await person('twice');
    await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email: someone.email, role: 'viewer' } });
    const mails = await countMail(server, someone.email, 'membership_invite');

    const again = await owner.api.call('inviteUser', {
      params: { id: spaceId },
      body: { email: ` ${someone.email.toUpperCase()} `, role: 'admin' },
    });
    expect(again).toMatchObject({ invited: false, user: { pivot: { status: 'invited', role: 'viewer' } } });
    expect(again.message).toBe(`${someone.email} is already invited to this space. Nothing was changed.`);
    expect(await membership(someone.userId)).toEqual({ status: 'invited', role: 'viewer' });
    expect(await countMail(server, someone.email, 'membership_invite')).toBe(mails);

    await someone.api.call('acceptInvite', { params: { id: spaceId } });
    const joined = await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email: someone.email } });
    expect(joined).toMatchObject({ invited: false, user: { pivot: { status: 'joined', role: 'viewer' } } });
    expect(joined.message).toContain('already a member');

    const self = await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email: owner.email } });
    expect(self).toMatchObject({ invited: false, user: { pivot: { role: 'owner' } } });
  });

  it('invites once when the same new address is invited twice at the same moment', async () => {
    const email = uniqueEmail('at-once');
    const answers = await Promise.all(
      [email, email.toUpperCase()].map((address) =>
        owner.api.call('inviteUser', { params: { id: spaceId }, body: { email: address } }),
      ),
    );
    expect(answers.map((answer) => answer.invited).sort()).toEqual([false, true]);
    expect(await server.prisma.user.count({ where: { email } })).toBe(1);
    expect(await server.prisma.membership.count({ where: { spaceId, user: { email } } })).toBe(1);
    expect(await countMail(server, email, 'membership_invite')).toBe(1);
  });

  it('validates the address and refuses anyone below admin', async () => {
    const invalid = await failure(
      owner.api.call('inviteUser', { params: { id: spaceId }, body: { email: 'not mail' } }),
    );
    expect(invalid).toMatchObject({
      status: 400,
      code: 'invalid_request',
      details: [{ path: 'body.email', message: 'Enter a valid e-mail address' }],
    });
    const editor = await member('editor');
    const email = uniqueEmail('nobody');
    expect(await failure(editor.api.call('inviteUser', { params: { id: spaceId }, body: { email } }))).toMatchObject({
      status: 403,
      code: 'forbidden',
    });
    expect(await server.prisma.user.count({ where: { email } })).toBe(0);
  });
});

describe('roles an admin may give', () => {
  it('lets an admin invite up to admin, and only an owner invite an owner', async () => {
    const admin = await member('admin');
    const asAdmin = await admin.api.call('inviteUser', {
      params: { id: spaceId },
      body: { email: uniqueEmail('by-admin'), role: 'admin' },
    });
    expect(asAdmin.user.pivot.role).toBe('admin');

    const email = uniqueEmail('would-be-owner');
    const refused = await failure(
      admin.api.call('inviteUser', { params: { id: spaceId }, body: { email, role: 'owner' } }),
    );
    expect(refused).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: 'Only an owner of the space can invite an owner.',
    });
    expect(await server.prisma.user.count({ where: { email } })).toBe(0);

    const byOwner = await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email, role: 'owner' } });
    expect(byOwner.user.pivot).toMatchObject({ status: 'invited', role: 'owner' });
  });

  it('keeps owners and other admins out of an admin’s reach', async () => {
    const admin = await member('admin', 'admin-a');
    const otherAdmin = await member('admin', 'admin-b');
    const translator = await member('translator');
    const call = (endpoint: 'revokeUser' | 'changeRole', userId: string, role: Role = 'viewer') =>
      failure(admin.api.call(endpoint, { params: { id: spaceId }, body: { user_id: userId, role } }));

    expect(await call('revokeUser', owner.userId)).toMatchObject({
      status: 403,
      message: 'Only an owner of the space can change or remove an owner.',
    });
    expect(await call('changeRole', owner.userId)).toMatchObject({ status: 403 });
    expect(await call('revokeUser', otherAdmin.userId)).toMatchObject({
      status: 403,
      message: 'Only an owner of the space can change or remove an admin.',
    });
    expect(await call('changeRole', otherAdmin.userId, 'editor')).toMatchObject({ status: 403 });
    expect(await call('changeRole', translator.userId, 'admin')).toMatchObject({
      status: 403,
      message: 'Only an owner of the space can make someone an admin.',
    });
    expect(await call('changeRole', translator.userId, 'owner')).toMatchObject({ status: 403 });
    expect(await membership(owner.userId)).toEqual({ status: 'joined', role: 'owner' });
    expect(await membership(otherAdmin.userId)).toEqual({ status: 'joined', role: 'admin' });
    expect(await membership(translator.userId)).toEqual({ status: 'joined', role: 'translator' });

    // Below admin, an admin manages freely; an owner manages admins.
    const promoted = await admin.api.call('changeRole', {
      params: { id: spaceId },
      body: { user_id: translator.userId, role: 'editor' },
    });
    expect(promoted.user.pivot).toMatchObject({ status: 'joined', role: 'editor' });
    const demoted = await owner.api.call('changeRole', {
      params: { id: spaceId },
      body: { user_id: otherAdmin.userId, role: 'viewer' },
    });
    expect(demoted.user.pivot.role).toBe('viewer');
    expect(await auditActions(otherAdmin.userId)).toContain('member.role_changed');
  });
});

describe('revoking', () => {
  it('revokes access, and the member is refused on the very next request', async () => {
    const editor = await member('editor', 'revoked-editor');
    expect((await editor.api.call('getSyncStatus', { params: { id: spaceId } })).status).toBe('completed');
    const revoked = await owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: editor.userId } });
    expect(revoked).toEqual({ removed: true, previous_status: 'joined' });
    expect(await failure(editor.api.call('getSyncStatus', { params: { id: spaceId } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await auditActions(editor.userId)).toContain('member.revoked');
    expect(
      await failure(owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: editor.userId } })),
    ).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('withdraws an invitation, which can then no longer be accepted', async () => {
    const someone = await person('withdrawn');
    await owner.api.call('inviteUser', { params: { id: spaceId }, body: { email: someone.email } });
    expect(await owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: someone.userId } })).toEqual({
      removed: true,
      previous_status: 'invited',
    });
    expect(await failure(someone.api.call('acceptInvite', { params: { id: spaceId } }))).toMatchObject({ status: 404 });
    expect(await auditActions(someone.userId)).toContain('member.invitation_revoked');
  });

  it('rejects a request to join', async () => {
    const someone = await person('rejected');
    const asked = await someone.api.call('createSpace', {
      body: { space_id: basicFixture.spaceId, personal_access_token: basicFixture.pat },
    });
    expect(asked).toEqual({ id: spaceId, status: 'requesting', sync_batch_id: null });
    expect(await owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: someone.userId } })).toEqual({
      removed: true,
      previous_status: 'requesting',
    });
    expect(await membership(someone.userId)).toBeNull();
    expect(await auditActions(someone.userId)).toEqual(['member.requested', 'member.request_rejected']);
  });

  it('never removes or demotes the last owner, and lets an owner step down once another owner is there', async () => {
    const lastOwner = await failure(
      owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: owner.userId } }),
    );
    expect(lastOwner).toMatchObject({ status: 409, code: 'conflict' });
    expect(lastOwner.message).toContain('only owner');
    expect(
      await failure(
        owner.api.call('changeRole', { params: { id: spaceId }, body: { user_id: owner.userId, role: 'admin' } }),
      ),
    ).toMatchObject({ status: 409, code: 'conflict' });
    expect(await membership(owner.userId)).toEqual({ status: 'joined', role: 'owner' });

    const second = await member('owner', 'second-owner');
    const steppedDown = await second.api.call('changeRole', {
      params: { id: spaceId },
      body: { user_id: second.userId, role: 'admin' },
    });
    expect(steppedDown.user.pivot.role).toBe('admin');
    // The second one is an admin again, so the first is once more the only owner.
    expect(
      await failure(owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: owner.userId } })),
    ).toMatchObject({ status: 409 });
  });

  it('answers clearly for ids that are not members', async () => {
    const invalid = await failure(owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: 'me' } }));
    expect(invalid).toMatchObject({
      status: 400,
      details: [{ path: 'body.user_id', message: 'Choose a member of this space' }],
    });
    const stranger = await person('stranger');
    expect(
      await failure(owner.api.call('revokeUser', { params: { id: spaceId }, body: { user_id: stranger.userId } })),
    ).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('requests to join', () => {
  it('tells the admins, and an approved request joins with the role given', async () => {
    const admin = await member('admin', 'notified-admin');
    const someone = await person('requester');
    await someone.api.call('createSpace', {
      body: { space_id: basicFixture.spaceId, personal_access_token: basicFixture.pat },
    });
    const notice = await waitForMail(server, admin.email, { template: 'membership_request' });
    expect(notice.subject).toBe(`${someone.email} asks to join Basic Test Space | Polyblok`);
    expect(notice.text).toContain(`${server.env.SITE_URL}/spaces/${spaceId}/users`);
    await waitForMail(server, owner.email, { template: 'membership_request' });

    // Asking again neither duplicates the request nor mails the admins again.
    const notices = await countMail(server, admin.email, 'membership_request');
    await someone.api.call('createSpace', {
      body: { space_id: basicFixture.spaceId, personal_access_token: basicFixture.pat },
    });
    expect(await countMail(server, admin.email, 'membership_request')).toBe(notices);

    expect(
      await failure(
        admin.api.call('approveRequest', { params: { id: spaceId }, body: { user_id: someone.userId, role: 'owner' } }),
      ),
    ).toMatchObject({ status: 403 });
    expect(
      await failure(
        admin.api.call('changeRole', { params: { id: spaceId }, body: { user_id: someone.userId, role: 'editor' } }),
      ),
    ).toMatchObject({ status: 409, code: 'conflict' });
    const approved = await admin.api.call('approveRequest', {
      params: { id: spaceId },
      body: { user_id: someone.userId, role: 'editor' },
    });
    expect(approved.user.pivot).toMatchObject({ status: 'joined', role: 'editor' });
    const welcome = await waitForMail(server, someone.email, { template: 'membership_approved' });
    expect(welcome.text).toContain(`${server.env.SITE_URL}/spaces/${spaceId}/languages`);
    const term = await someone.api.call('createGlossaryTerm', {
      params: { id: spaceId },
      body: { translatable: 'Basic', translated: 'Grundlegend', global: true },
    });
    expect(term.translatable).toBe('Basic');

    expect(
      await failure(admin.api.call('approveRequest', { params: { id: spaceId }, body: { user_id: someone.userId } })),
    ).toMatchObject({ status: 409, code: 'conflict' });
  });
});

describe('role changes', () => {
  it('take effect on the very next request', async () => {
    const viewer = await member('viewer', 'climber');
    const term = { translatable: 'Climb', translated: 'Klettern', global: true };
    expect(await failure(viewer.api.call('createGlossaryTerm', { params: { id: spaceId }, body: term }))).toMatchObject(
      {
        status: 403,
        code: 'forbidden',
      },
    );
    await owner.api.call('changeRole', { params: { id: spaceId }, body: { user_id: viewer.userId, role: 'editor' } });
    expect((await viewer.api.call('createGlossaryTerm', { params: { id: spaceId }, body: term })).translated).toBe(
      'Klettern',
    );
    await owner.api.call('changeRole', { params: { id: spaceId }, body: { user_id: viewer.userId, role: 'viewer' } });
    expect(
      await failure(
        viewer.api.call('createGlossaryTerm', {
          params: { id: spaceId },
          body: { ...term, translatable: 'Descend' },
        }),
      ),
    ).toMatchObject({ status: 403 });
  });

  it('answers 404 to accept and decline without an invitation', async () => {
    expect(await failure(owner.api.call('acceptInvite', { params: { id: spaceId } }))).toMatchObject({
      status: 404,
      code: 'not_found',
    });
    const stranger = await person('uninvited');
    expect(await failure(stranger.api.call('declineInvite', { params: { id: spaceId } }))).toMatchObject({
      status: 404,
    });
    expect(await failure(stranger.api.call('acceptInvite', { params: { id: 999_999 } }))).toMatchObject({
      status: 404,
    });
  });
});
