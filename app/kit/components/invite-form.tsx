import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { inviteEmailProblem } from '#contract/invite-rules.ts';
import { DEFAULT_INVITE_ROLE } from '#contract/member-rules.ts';
import type { Role } from '#contract/roles.ts';
import { roleLabels } from '../format/role-labels.ts';
import { RoleSelect } from './role-select.tsx';

export interface InviteInput {
  email: string;
  role: Role;
}

export interface InviteFormProps {
  /** Only the roles the signed-in member may hand out. */
  roles: readonly Role[];
  /** The invitation is on its way: the form waits. */
  pending: boolean;
  onSubmit(input: InviteInput): void;
  onCancel(): void;
}

/** An e-mail address and a role to invite; the address is checked by the contract's rule before it is sent. */
export function InviteForm({ roles, pending, onSubmit, onCancel }: InviteFormProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>(roles.includes(DEFAULT_INVITE_ROLE) ? DEFAULT_INVITE_ROLE : roles[0]!);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = inviteEmailProblem(email);
    setProblem(found);
    if (!found) onSubmit({ email: email.trim(), role });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          They get an e-mail invitation to join as {roleLabels[role].toLowerCase()}. Someone new to Polyblok sets a
          password from that e-mail first.
        </Text>
        <TextInput
          label="Email"
          type="email"
          placeholder="name@company.com"
          required
          data-autofocus
          value={email}
          error={problem}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (problem) setProblem(null);
          }}
        />
        <RoleSelect value={role} onChange={setRole} roles={roles} disabled={pending} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
