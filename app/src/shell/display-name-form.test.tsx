import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { DisplayNameForm } from './display-name-form.tsx';

describe('the display name', () => {
  it('saves what was typed, trimmed, and is ready again once saved', async () => {
    const saved: string[] = [];
    const { user } = renderWithKit(
      <DisplayNameForm
        name={null}
        onSave={async (name) => void saved.push(name)}
        onSaved={(name) => saved.push(`done ${name}`)}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Display name' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(field, '  Ana Lima ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saved).toEqual(['Ana Lima', 'done Ana Lima']));
  });

  it('keeps what was typed when saving fails, and says why', async () => {
    const { user } = renderWithKit(
      <DisplayNameForm name="Ana" onSave={() => Promise.reject(new Error('Name must be at most 100 characters'))} />,
    );
    const field = screen.getByRole('textbox', { name: 'Display name' });
    expect(field).toHaveValue('Ana');
    await user.clear(field);
    await user.type(field, 'Ana Lima');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Name must be at most 100 characters')).toBeVisible();
    expect(field).toHaveValue('Ana Lima');
    expect(field).toBeInvalid();
  });
});
