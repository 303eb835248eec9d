import { randomUUID } from 'node:crypto';
import { HOOK_DELIVERIES_KEPT, HOOK_TEST_EVENT, HOOKS_PER_SPACE_MAX, hookEventTypes } from '#contract/hook-rules.ts';
import type { HookDelivery, SpaceHook } from '#contract/space-hooks.ts';
import { AppError } from '../../errors.ts';
import { checkHookUrl } from './hook-address.ts';
import type { HookDeps } from './hook-deps.ts';
import { hookDeliveryJob } from './hook-queue.ts';
import { newHookSecret } from './hook-signature.ts';
import { deliverySelect, deliveryView, hookSelect, hookView } from './hook-view.ts';

export async function listHooks(deps: HookDeps, spaceId: number): Promise<{ hooks: SpaceHook[] }> {
  const rows = await deps.prisma.spaceHook.findMany({
    where: { spaceId },
    select: hookSelect,
    orderBy: { id: 'asc' },
  });
  return { hooks: rows.map((row) => hookView(deps.secretBox, row)) };
}

/** The address as stored, or `hook_url_not_allowed` saying why it cannot be. */
async function allowedUrl(deps: HookDeps, url: string): Promise<string> {
  const check = await checkHookUrl(url, deps.hookTargets);
  if (!check.ok) throw new AppError('hook_url_not_allowed', check.reason);
  return check.url.toString();
}

export async function createHook(
  deps: HookDeps,
  spaceId: number,
  input: { url: string; events?: string[] | undefined },
): Promise<SpaceHook> {
  const url = await allowedUrl(deps, input.url);
  const count = await deps.prisma.spaceHook.count({ where: { spaceId } });
  if (count >= HOOKS_PER_SPACE_MAX) {
    throw new AppError('conflict', `A space can have ${HOOKS_PER_SPACE_MAX} hooks; delete one you no longer use.`);
  }
  const { sealed } = newHookSecret(deps.secretBox, spaceId);
  const row = await deps.prisma.spaceHook.create({
    data: { spaceId, url, secretEncrypted: sealed, events: input.events ?? [...hookEventTypes] },
    select: hookSelect,
  });
  return hookView(deps.secretBox, row);
}

/** The hook, in this space only: another space's hook is as unknown as one that never existed. */
async function hookInSpace(deps: HookDeps, spaceId: number, hookId: number): Promise<{ id: number }> {
  const hook = await deps.prisma.spaceHook.findFirst({ where: { id: hookId, spaceId }, select: { id: true } });
  if (!hook) throw new AppError('not_found', 'This hook does not exist in this space; it may have been deleted.');
  return hook;
}

export async function updateHook(
  deps: HookDeps,
  spaceId: number,
  hookId: number,
  input: { url?: string | undefined; events?: string[] | undefined; active?: boolean | undefined },
): Promise<SpaceHook> {
  await hookInSpace(deps, spaceId, hookId);
  const url = input.url === undefined ? undefined : await allowedUrl(deps, input.url);
  const row = await deps.prisma.spaceHook.update({
    where: { id: hookId },
    data: {
      ...(url !== undefined ? { url } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
    },
    select: hookSelect,
  });
  return hookView(deps.secretBox, row);
}

export async function deleteHook(deps: HookDeps, spaceId: number, hookId: number): Promise<{ id: number }> {
  const deleted = await deps.prisma.spaceHook.deleteMany({ where: { id: hookId, spaceId } });
  if (deleted.count === 0) throw new AppError('not_found', 'This hook does not exist in this space.');
  return { id: hookId };
}

export async function listDeliveries(
  deps: HookDeps,
  spaceId: number,
  hookId: number,
): Promise<{ deliveries: HookDelivery[] }> {
  await hookInSpace(deps, spaceId, hookId);
  const rows = await deps.prisma.hookDelivery.findMany({
    where: { hookId, spaceId },
    select: deliverySelect,
    orderBy: { createdAt: 'desc' },
    take: HOOK_DELIVERIES_KEPT,
  });
  return { deliveries: rows.map(deliveryView) };
}

/**
 * Sends the hook a `ping` now, whatever events it listens to and even while it is off (an admin checks a receiver
 * before turning it on). The delivery and its job are written together; the answer does not wait for the post.
 */
export async function sendTestEvent(deps: HookDeps, spaceId: number, hookId: number): Promise<HookDelivery> {
  const hook = await deps.prisma.spaceHook.findFirst({
    where: { id: hookId, spaceId },
    select: { id: true, url: true },
  });
  if (!hook) throw new AppError('not_found', 'This hook does not exist in this space; it may have been deleted.');
  return deps.prisma.$transaction(async (tx) => {
    const row = await tx.hookDelivery.create({
      data: {
        id: randomUUID(),
        hookId,
        spaceId,
        event: HOOK_TEST_EVENT,
        payload: { hook: { id: hook.id, url: hook.url }, message: 'A test event sent from Polyblok’s settings.' },
        // Held from the sweep: the job sent with it sends it.
        nextAttemptAt: new Date(Date.now() + 120_000),
      },
      select: deliverySelect,
    });
    await deps.queue.send(hookDeliveryJob, { deliveryId: row.id, spaceId }, { transaction: tx });
    return deliveryView(row);
  });
}
