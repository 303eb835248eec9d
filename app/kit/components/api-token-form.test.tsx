import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectProblem, renderWithKit } from '../testing/render-kit.tsx';
import { ApiTokenForm, rolesForSpaces, type TokenSpaceChoice } from './api-token-form.tsx';

const spaces: TokenSpaceChoice[] = [
  { id: 1, name: 'Main site', role: 'owner' },
  { id: 2, name: 'Blog', role: 'translator' },
];

function renderForm() {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithKit(
    <ApiTokenForm spaces={spaces} today="2026-12-07" pending={false} onSubmit={onSubmit} onCancel={onCancel} />,
  );
  return { ...view, onSubmit, onCancel };
}

const create = () => screen.getByRole('button', { name: 'Create token' });

async function chooseSpace(user: ReturnType<typeof renderForm>['user'], name: string) {
  // Mantine labels the hidden value field too: the one to click is the visible input.
  const field = screen
    .getAllByLabelText('Spaces')
    .find((element) => element.tagName === 'INPUT' && element.getAttribute('type') !== 'hidden')!;
  await user.click(field);
  await user.click(await screen.findByRole('option', { name }));
}

describe('ApiTokenForm', () => {
  it('offers no role above the lowest of the user’s roles in the chosen spaces', () => {
    expect(rolesForSpaces([spaces[0]!])).toEqual(['owner', 'admin', 'editor', 'translator', 'viewer']);
    expect(rolesForSpaces(spaces)).toEqual(['translator', 'viewer']);
  });

  it('asks for a name and spaces before sending anything', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(create());
    expectProblem(
      screen.getByRole('textbox', { name: 'Token name' }),
      'Give the token a name, to know later what uses it',
    );
    expect(screen.getByText('Choose the spaces the token may act in')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the name, spaces and role chosen, without an expiry unless one is given', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), ' Nightly export ');
    await chooseSpace(user, 'Main site');
    const role = screen.getByRole('combobox', { name: 'Role' });
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: /Editor/ }));
    await user.click(create());
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      name: 'Nightly export',
      space_ids: [1],
      role: 'editor',
      expires_at: null,
    });
  });

  it('lowers the role when a space where the user stands lower is added', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'CI');
    await chooseSpace(user, 'Main site');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: /Admin/ }));
    await chooseSpace(user, 'Blog');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Translator');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    expect(screen.queryByRole('option', { name: /Editor/ })).toBeNull();
    await user.click(create());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ space_ids: [1, 2], role: 'translator' }));
  });

  it('refuses an expiry that is not after today, and sends the end of the chosen day otherwise', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Token name' }), 'CI');
    await chooseSpace(user, 'Blog');
    const expires = screen.getByLabelText('Expires');
    await user.type(expires, '2026-12-07');
    await user.click(create());
    expect(expires).toBeInvalid();
    expect(expires).toHaveAccessibleDescription(/Choose a day after today, or none/);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(expires);
    await user.type(expires, '2027-01-31');
    await user.click(create());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ expires_at: new Date('2027-01-31T23:59:59').toISOString() }),
    );
  });
});
