import { Button, Card, Tabs, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SpaceUser } from '#contract/spaces.ts';
import type { MembershipStatus } from '#contract/member-rules.ts';
import { accountKeys } from '#kit/data/account.queries.ts';
import { CountTabList } from '#kit/components/count-tab-list.tsx';
import { PageLayout } from '#kit/components/page-layout.tsx';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useAccount } from '../../shell/use-account.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { AddMemberModal } from './add-member-modal.tsx';
import { grantableRoles } from '#contract/member-rules.ts';
import { countByStatus, memberTabs, membersWithStatus, rowPermissions } from './member-rules.ts';
import { MemberRoleModal } from './member-role-modal.tsx';
import type { MemberAction } from './member-row-menu.tsx';
import { MembersTable } from './members-table.tsx';
import { RevokeMemberModal } from './revoke-member-modal.tsx';

/** `/spaces/:spaceId/users`: the space's members by status, and for admins the means to manage them. */
export function MembersPage() {
  usePageTitle('Users');
  const account = useAccount();
  const { space, role, can } = useCurrentSpace();
  const [tab, setTab] = useState<MembershipStatus>('joined');
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<{ action: MemberAction; member: SpaceUser } | null>(null);
  const queryClient = useQueryClient();

  // The list comes with the account, which may be a minute old; people who joined or asked to join since
  // then are what an admin opens this page for.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: accountKeys.all });
  }, [queryClient, space.id]);

  const manages = can('members');
  const counts = countByStatus(space.users);
  const caller = { id: account.id, role };

  return (
    <PageLayout
      title="Users"
      maxWidth={1200}
      rightSection={
        manages && (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
            Add member
          </Button>
        )
      }
    >
      {!manages && (
        <Text c="dimmed" fz="sm" mt={-8}>
          The people of {space.name}. Admins of the space invite and remove members.
        </Text>
      )}
      <Card p={0}>
        <Tabs value={tab} onChange={(value) => value && setTab(value as MembershipStatus)}>
          <CountTabList
            tabs={memberTabs.map(({ status, label }) => ({ value: status, label, count: counts[status] }))}
            active={tab}
            px="md"
            pt="xs"
          />
          {memberTabs.map(({ status }) => (
            <Tabs.Panel key={status} value={status} p="md">
              <MembersTable
                status={status}
                members={membersWithStatus(space.users, status)}
                currentUserId={account.id}
                permissionsOf={(member) => rowPermissions(caller, member)}
                onAction={(action, member) => setPending({ action, member })}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Card>

      {manages && (
        <AddMemberModal
          spaceId={space.id}
          opened={adding}
          onClose={() => setAdding(false)}
          grantable={grantableRoles(role, 'invite')}
        />
      )}
      {pending?.action === 'revoke' && (
        <RevokeMemberModal spaceId={space.id} member={pending.member} onClose={() => setPending(null)} />
      )}
      {(pending?.action === 'approve' || pending?.action === 'change') && (
        <MemberRoleModal
          key={`${pending.action}-${pending.member.id}`}
          spaceId={space.id}
          mode={pending.action}
          member={pending.member}
          grantable={grantableRoles(role, pending.action)}
          onClose={() => setPending(null)}
        />
      )}
    </PageLayout>
  );
}
