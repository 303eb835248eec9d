import { Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { API_TOKEN_NAME_MAX } from '#contract/api-token-rules.ts';
import { hasRole, roles as allRoles, type Role } from '#contract/roles.ts';
import type { NewApiToken } from '../data/api-tokens.queries.ts';
import { RoleSelect } from './role-select.tsx';

/** A space the user may give a token, with their own role there (a token's role may not be higher). */
export interface TokenSpaceChoice {
  id: number;
  name: string;
  role: Role;
}

export interface ApiTokenFormProps {
  spaces: readonly TokenSpaceChoice[];
  pending: boolean;
  /** The day the form compares an expiry with, as YYYY-MM-DD (today, in the browser's time zone). */
  today: string;
  onSubmit(input: NewApiToken): void;
  onCancel(): void;
}

/** The roles a token for these spaces may have: none above the user's lowest role among them. */
export function rolesForSpaces(chosen: readonly TokenSpaceChoice[]): Role[] {
  return allRoles.filter((role) => chosen.every((space) => hasRole(space.role, role)));
}

interface Problems {
  name?: string;
  spaces?: string;
  expiry?: string;
}

/** Name, spaces, role (no higher than the user's in every chosen space) and an optional last day of a new token. */
export function ApiTokenForm({ spaces, pending, today, onSubmit, onCancel }: ApiTokenFormProps) {
  const [name, setName] = useState('');
  const [spaceIds, setSpaceIds] = useState<string[]>([]);
  const [role, setRole] = useState<Role>('viewer');
  const [expiry, setExpiry] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const chosen = spaces.filter((space) => spaceIds.includes(String(space.id)));
  const offered = rolesForSpaces(chosen);

  function chooseSpaces(ids: string[]) {
    setSpaceIds(ids);
    const allowed = rolesForSpaces(spaces.filter((space) => ids.includes(String(space.id))));
    if (!allowed.includes(role)) setRole(allowed[0] ?? 'viewer');
    setProblems((current) => ({ ...current, spaces: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {
      name: name.trim() ? undefined : 'Give the token a name, to know later what uses it',
      spaces: spaceIds.length > 0 ? undefined : 'Choose the spaces the token may act in',
      expiry: expiry && expiry <= today ? 'Choose a day after today, or none' : undefined,
    };
    setProblems(found);
    if (found.name || found.spaces || found.expiry) return;
    onSubmit({
      name: name.trim(),
      space_ids: chosen.map((space) => space.id),
      role,
      // The token works through the whole last day chosen, in the browser's time zone.
      expires_at: expiry ? new Date(`${expiry}T23:59:59`).toISOString() : null,
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Token name"
          placeholder="Nightly export"
          value={name}
          maxLength={API_TOKEN_NAME_MAX}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setProblems((current) => ({ ...current, name: undefined }));
          }}
          error={problems.name}
        />
        <MultiSelect
          label="Spaces"
          placeholder={spaceIds.length ? undefined : 'Choose spaces'}
          data={spaces.map((space) => ({ value: String(space.id), label: space.name }))}
          value={spaceIds}
          onChange={chooseSpaces}
          error={problems.spaces}
          comboboxProps={{ withinPortal: true }}
        />
        <RoleSelect value={role} onChange={setRole} roles={offered.length ? offered : ['viewer']} />
        <TextInput
          type="date"
          label="Expires"
          description="Optional: the token stops working after this day"
          value={expiry}
          min={today}
          onChange={(event) => {
            setExpiry(event.currentTarget.value);
            setProblems((current) => ({ ...current, expiry: undefined }));
          }}
          error={problems.expiry}
        />
        <Text fz="xs" c="dimmed">
          A token acts as you, in its spaces only, with the lower of its role and yours.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
