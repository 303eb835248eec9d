import { Badge, Button, Group, Pagination, Select, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { SpaceUser } from '#contract/spaces.ts';
import type { MembershipStatus } from '#contract/member-rules.ts';
import { formatDate } from '#kit/format/format.ts';
import { InitialAvatar } from '#kit/components/initial-avatar.tsx';
import { RecordTable } from '#kit/components/record-table.tsx';
import { roleColors } from '#kit/components/theme.ts';
import { roleLabels } from '#kit/format/role-labels.ts';
import { displayName, pageOf, PAGE_SIZES, type RowPermissions } from './member-rules.ts';
import { MemberRowMenu, type MemberAction } from './member-row-menu.tsx';

export interface MembersTableProps {
  status: MembershipStatus;
  members: SpaceUser[];
  currentUserId: string;
  permissionsOf: (member: SpaceUser) => RowPermissions;
  onAction: (action: MemberAction, member: SpaceUser) => void;
}

const sinceHeader: Record<MembershipStatus, string> = {
  joined: 'Member since',
  invited: 'Invited on',
  requesting: 'Requested on',
};

const tableLabel: Record<MembershipStatus, string> = {
  joined: 'Joined members',
  invited: 'Invited members',
  requesting: 'Access requests',
};

const emptyText: Record<MembershipStatus, string> = {
  joined: 'Nobody has joined this space yet.',
  invited: 'No pending invitations. Invite someone with Add member.',
  requesting: 'Nobody is asking to join this space.',
};

function MemberCells({ member, isYou }: { member: SpaceUser; isYou: boolean }) {
  return (
    <>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <InitialAvatar name={member.name} email={member.email} color={roleColors[member.pivot.role]} size="md" />
          <Stack gap={0} miw={0}>
            <Group gap="xs" wrap="nowrap">
              <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {displayName(member)}
              </Text>
              {isYou && (
                <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                  You
                </Badge>
              )}
            </Group>
            {/* Without a name the e-mail is the heading already; once is enough. */}
            {member.name?.trim() && (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {member.email}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={roleColors[member.pivot.role]}>
          {roleLabels[member.pivot.role]}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text fz="sm">{formatDate(member.pivot.created_at)}</Text>
      </Table.Td>
    </>
  );
}

/** One tab of members, paged when long (spec section 9: the user list has a page size option). */
export function MembersTable({ status, members, currentUserId, permissionsOf, onAction }: MembersTableProps) {
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const shown = pageOf(members, page, pageSize);

  if (members.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText[status]}
      </Text>
    );
  }

  return (
    <Stack gap="md">
      <RecordTable
        label={tableLabel[status]}
        minWidth={560}
        // The role and the date keep their width; a long name or address wraps instead.
        columns={[{ header: 'Member' }, { header: 'Role', width: 110 }, { header: sinceHeader[status], width: 130 }]}
        rows={shown.items}
        rowKey={(member) => member.id}
        cells={(member) => <MemberCells member={member} isYou={member.id === currentUserId} />}
        actions={{
          width: status === 'requesting' ? 140 : 56,
          gap: 'xs',
          render: (member) => (
            <>
              {/* A request is waiting on someone: the answer most often given is one click away. */}
              {permissionsOf(member).approve && (
                <Button size="compact-sm" variant="light" onClick={() => onAction('approve', member)}>
                  Approve
                </Button>
              )}
              <MemberRowMenu member={member} allowed={permissionsOf(member)} onAction={onAction} />
            </>
          ),
        }}
      />
      {members.length > PAGE_SIZES[0] && (
        <Group justify="space-between" gap="md">
          <Group gap="xs">
            <Text fz="sm" c="dimmed" id={`page-size-${status}`}>
              Rows per page
            </Text>
            <Select
              aria-labelledby={`page-size-${status}`}
              w={84}
              size="xs"
              data={PAGE_SIZES.map(String)}
              value={String(pageSize)}
              allowDeselect={false}
              onChange={(value) => {
                if (!value) return;
                setPageSize(Number(value));
                setPage(1);
              }}
            />
          </Group>
          <Pagination total={shown.pages} value={shown.page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
