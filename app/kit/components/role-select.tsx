import { Select, Stack, Text } from '@mantine/core';
import type { Role } from '#contract/roles.ts';
import { roleDescriptions, roleLabels } from '../format/role-labels.ts';

export interface RoleSelectProps {
  value: Role;
  onChange: (role: Role) => void;
  /** Only the roles the signed-in member may hand out. */
  roles: readonly Role[];
  label?: string;
  disabled?: boolean;
}

/** A role picker that says what each role may do, since the names alone leave people guessing. */
export function RoleSelect({ value, onChange, roles, label = 'Role', disabled }: RoleSelectProps) {
  return (
    <Select<Role>
      label={label}
      data={roles.map((role) => ({ value: role, label: roleLabels[role] }))}
      value={value}
      onChange={(role) => role && onChange(role)}
      allowDeselect={false}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text fz="sm">{option.label}</Text>
          <Text fz="xs" c="dimmed">
            {roleDescriptions[option.value]}
          </Text>
        </Stack>
      )}
      description={roleDescriptions[value]}
    />
  );
}
