import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client.ts';
import { expectProblem, renderWithKit } from '../testing/render-kit.tsx';
import { LanguageForm, type LanguageInput } from './language-form.tsx';

function renderForm({
  language,
  pending = false,
  error = null,
}: { language?: LanguageInput; pending?: boolean; error?: unknown } = {}) {
  const onSubmit = vi.fn();
  const view = renderWithKit(
    <LanguageForm language={language} pending={pending} error={error} onSubmit={onSubmit} onCancel={vi.fn()} />,
  );
  return {
    ...view,
    onSubmit,
    name: screen.getByRole('textbox', { name: 'Language name' }),
    code: screen.getByRole('textbox', { name: 'Language code' }),
  };
}

describe('LanguageForm', () => {
  it('requires a name and a code', async () => {
    const { user, onSubmit, name, code } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Add language' }));

    expectProblem(name, 'Language name is required');
    expectProblem(code, 'Language code is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes only letters, numbers, dashes and underscores in a code, at most 10 of them when adding', async () => {
    const { user, onSubmit, name, code } = renderForm();
    await user.type(name, 'German');

    await user.type(code, 'de DE');
    await user.click(screen.getByRole('button', { name: 'Add language' }));
    expectProblem(code, 'Only letters, numbers, dashes and underscores are allowed');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, 'de-CH-zurich');
    expect(code).toHaveValue('de-CH-zuri');
  });

  it('sends the trimmed name and code', async () => {
    const { user, onSubmit, name, code } = renderForm();

    await user.type(name, '  Swiss German ');
    await user.type(code, 'de-CH {Enter}');

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'Swiss German', code: 'de-CH' });
  });

  it('edits a language from its current name and code, and warns that Storyblok renames it too', async () => {
    const { user, onSubmit, name, code } = renderForm({ language: { name: 'German', code: 'de' } });
    expect(name).toHaveValue('German');
    expect(code).toHaveValue('de');
    expect(screen.getByText(/Changing the code renames the language in Storyblok too/)).toBeVisible();

    await user.type(code, '-switzerland');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({ name: 'German', code: 'de-switzerland' });
  });

  it('shows why the last save failed, and waits while saving', () => {
    const error = new ApiError('conflict', 409, 'This space already has a language with the code de.');
    renderForm({ pending: true, error });

    expect(screen.getByText('The language was not added')).toBeVisible();
    expect(screen.getByText('This space already has a language with the code de.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add language' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
