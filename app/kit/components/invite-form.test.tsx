import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#contract/roles.ts';
import { expectProblem, renderWithKit } from '../testing/render-kit.tsx';
import { InviteForm } from './invite-form.tsx';

const allRoles: Role[] = ['owner', 'admin', 'editor', 'translator', 'viewer'];

function renderForm({ roles = allRoles, pending = false } = {}) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithKit(<InviteForm roles={roles} pending={pending} onSubmit={onSubmit} onCancel={onCancel} />);
  return { ...view, onSubmit, onCancel, email: screen.getByRole('textbox', { name: 'Email' }) };
}

const send = () => screen.getByRole('button', { name: 'Send invitation' });

describe('InviteForm', () => {
  it('asks for an address before sending anything', async () => {
    const { user, onSubmit, email } = renderForm();

    await user.click(send());

    expectProblem(email, 'Enter the e-mail address of the person to invite');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses what is not an e-mail address, and drops the complaint once the address is edited', async () => {
    const { user, onSubmit, email } = renderForm();

    await user.type(email, 'anna@example');
    await user.click(send());
    expectProblem(email, 'Enter a valid e-mail address');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(email, '.com');
    expect(email).toBeValid();
    expect(email).toHaveAccessibleDescription('');
  });

  it('sends the address with the translator role unless another is chosen', async () => {
    const { user, onSubmit, email } = renderForm();
    expect(screen.getByText(/They get an e-mail invitation to join as translator\./)).toBeVisible();

    await user.type(email, 'anna@example.com');
    await user.click(send());

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ email: 'anna@example.com', role: 'translator' });
  });

  it('sends the role chosen, after saying what that role may do', async () => {
    const { user, onSubmit, email } = renderForm();

    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveAccessibleDescription('Translates, asks the AI and verifies translations');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: /Editor/ }));
    expect(role).toHaveValue('Editor');
    expect(role).toHaveAccessibleDescription('Edits the glossary, translates folders with AI and syncs');
    expect(screen.getByText(/join as editor\./)).toBeVisible();
    await user.type(email, 'ben@example.com{Enter}');

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ email: 'ben@example.com', role: 'editor' });
  });

  it('offers only the roles the member may hand out', async () => {
    const { user } = renderForm({ roles: ['admin', 'editor'] });
    const role = screen.getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('Admin');

    await user.click(role);

    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringMatching(/^Admin/),
      expect.stringMatching(/^Editor/),
    ]);
  });

  it('waits while the invitation is sent, and cancels otherwise', async () => {
    const { unmount } = renderForm({ pending: true });
    expect(send()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeDisabled();
    unmount();

    const { user, onCancel, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
